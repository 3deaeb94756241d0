import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { LEAD_LIMITS as L } from "../../../leads/lead-limits";
import { timestampSchema } from "../../schemas/timestamp";

export const addLeadNoteMeta: ProcedureMeta = {
  scope: "leads:write",
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/leads/{leadId}/notes",
    tags: ["Leads"],
    summary: "Add a note to a lead",
    description:
      `\`content\` is required, ${L.noteContent} characters at most, and not blank. Adds a \`note\` entry (scope ` +
      "`lead_event`) to the timeline and emits `lead.note_added` (`data.leadId`, `data.note`). 404 `NOT_FOUND` when the " +
      "lead is missing or in another organization.",
  },
};

export const addLeadNoteInput = z.object({
  leadId: pathIdSchema("lead"),
  content: z.string().trim().min(1).max(L.noteContent).describe(`Note text, 1..${L.noteContent} characters`),
});

export const addLeadNoteOutput = z.object({
  id: z.string().describe("Prefixed activity id, `act_…`"),
  leadId: z.string(),
  content: z.string(),
  createdAt: timestampSchema,
});
