import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { leadBodyFields, WRITABLE_LEAD_FIELDS } from "./lead-body.types";
import { leadSchema } from "./lead.types";

export const updateLeadMeta: ProcedureMeta = {
  scope: "leads:write",
  openapi: {
    method: "PUT",
    path: "/leads/{leadId}",
    tags: ["Leads"],
    summary: "Update a lead",
    description:
      "Same fields as create, all optional, at least one required (400 `VALIDATION_ERROR` otherwise). A field sent " +
      "replaces the stored value, `null` (or an empty string) clears it, an omitted field stays. The merged lead must " +
      "keep an email or a phone. " +
      "One lead state: the stage is what the lead is in and `status` is what that stage stands for (a stage whose `systemKey` is a status stands for it; another won or lost stage for `won`/`lost`; another open stage for the status of the nearest stage with a status key before it, else `new`). A new `stageId` sets the status it stands for; a new `status` moves the lead to " +
      "its stage; both new and disagreeing is 400 `VALIDATION_ERROR`, and a value equal to the stored one counts as not " +
      "sent. So a status change is also a stage change (and `lead.stage_changed`), and a stage change a status change " +
      "(`lead.won`/`lead.lost` when it closes the deal). Read-only fields (`stageName`, `projectName`, `roundRobinId`, `id`, timestamps…) are " +
      "ignored, so a lead read with GET can be sent back. Returns the updated lead. Emits `lead.updated` always; " +
      "`lead.stage_changed` when stageId changed; `lead.won` / `lead.lost` when status changed to won / lost; " +
      "`lead.assigned` when assignedToId changed to a member, `lead.unassigned` when it was cleared.",
  },
};

export const updateLeadInput = z
  .object({ leadId: pathIdSchema("lead"), ...leadBodyFields })
  .refine((input) => WRITABLE_LEAD_FIELDS.some((field) => input[field] !== undefined), {
    message: "validation.atLeastOneFieldOf",
    params: { fields: WRITABLE_LEAD_FIELDS.join(", ") },
  });

export const updateLeadOutput = leadSchema;
