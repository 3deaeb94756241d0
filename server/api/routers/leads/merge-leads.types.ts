import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { idSchema, pathIdSchema } from "../../../ids";
import { MERGE_FIELDS } from "../../../leads/merge/merge-values";
import { leadSchema } from "./lead.types";

export const mergeLeadsMeta: ProcedureMeta = {
  scope: "leads:write",
  openapi: {
    method: "POST",
    path: "/leads/{leadId}/merge",
    tags: ["Leads"],
    summary: "Merge duplicates into a lead",
    description:
      "Extension. Merges 1..9 leads (`duplicateIds`) into `leadId`, which survives. Field values: a field named in " +
      "`fields` takes the value of the lead named for it (`status` and `stageId`, `projectId` and `unitId`, `source` and " +
      "its metadata go together); every other field keeps the survivor's value, an empty one taking the first " +
      "duplicate's; custom fields are united (the chosen lead's keys, else the survivor's, win). Every record of the " +
      "duplicates moves to the survivor: notes, communications and the whole timeline, WhatsApp conversations, calendar " +
      "meetings, sequence contacts (where the survivor is not already in that sequence) and round-robin assignment " +
      "history. The duplicates then leave every list, search and count; `GET` of one answers 404 `NOT_FOUND` whose " +
      "message names the survivor (when the caller may see it). Emits `lead.merged` (`data.lead`, `data.mergedLeadIds`, `data.mergeId`) and no " +
      "`lead.deleted`, and adds a `merged` entry (type `updated`, `changes.merge.to` the merge id) to the survivor's " +
      "timeline. Undo within 30 days: `POST /leads/{leadId}/merges/{mergeId}/undo`. The caller must see every lead " +
      "involved (lead visibility): otherwise 404 `NOT_FOUND` and nothing is written. Leads are locked in id order, so " +
      "concurrent merges over the same leads run one after the other. 400 `VALIDATION_ERROR` for a repeated id, the " +
      "survivor among the duplicates, or a field choice naming a lead outside the merge.",
  },
};

export const mergeLeadsInput = z.object({
  leadId: pathIdSchema("lead"),
  duplicateIds: z
    .array(idSchema("lead"))
    .min(1)
    .max(9)
    .refine((ids) => new Set(ids).size === ids.length, "validation.uniqueItems")
    .describe("1..9 lead ids merged into `leadId` (they stop existing)"),
  fields: z
    .partialRecord(z.enum(MERGE_FIELDS), idSchema("lead"))
    .optional()
    .describe(`Per field, the lead (the survivor or a duplicate) whose value wins. Fields: ${MERGE_FIELDS.join(", ")}`),
});

export const mergeLeadsOutput = z.object({
  mergeId: z.string().describe("The merge's id, `mrg_…`, for undo"),
  lead: leadSchema.describe("The surviving lead after the merge"),
  mergedLeadIds: z.array(z.string()).describe("The leads merged into it"),
});

export const undoLeadMergeMeta: ProcedureMeta = {
  scope: "leads:write",
  openapi: {
    method: "POST",
    path: "/leads/{leadId}/merges/{mergeId}/undo",
    tags: ["Leads"],
    summary: "Undo a merge",
    description:
      "Extension. Within 30 days of a merge into `leadId`: the merged-away leads come back with their ids and fields, " +
      "the records the merge moved go back to them (anything added to the survivor since stays on the survivor), and " +
      "each survivor field the merge changed returns to its earlier value unless it was changed again since. A " +
      "reference a restored lead held that no longer exists (a removed member, a deleted stage or project) is left " +
      "empty. Emits `lead.unmerged` (`data.lead`, `data.restoredLeads`) and no `lead.created`. 404 `NOT_FOUND` for an " +
      "unknown merge or one into another lead, or when the caller may not see the survivor or a restored lead; 409 " +
      "`CONFLICT` when it was already undone or a lead of it was merged again since (undo that merge first); 400 " +
      "`BAD_REQUEST` after 30 days.",
  },
};

export const undoLeadMergeInput = z.object({ leadId: pathIdSchema("lead"), mergeId: pathIdSchema("merge") });

export const undoLeadMergeOutput = z.object({
  lead: leadSchema.describe("The surviving lead after the undo"),
  restoredLeads: z.array(leadSchema).describe("The leads restored"),
});
