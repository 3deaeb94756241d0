import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { COMMUNICATION_DIRECTIONS, COMMUNICATION_TYPES } from "../../../leads/lead-enums";
import { LEAD_LIMITS as L } from "../../../leads/lead-limits";
import { timestampSchema } from "../../schemas/timestamp";

export const logLeadCommunicationMeta: ProcedureMeta = {
  scope: "leads:write",
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/leads/{leadId}/communications",
    tags: ["Leads"],
    summary: "Log a communication with a lead",
    description:
      "`type` (call, email, meeting, social_message) and `direction` (inbound, outbound) are required; `content` is " +
      `optional, at most ${L.communicationContent} characters. Adds a timeline entry of that type (scope ` +
      "`lead_event`) and emits `lead.communication_logged` (`data.leadId`, `data.communication`). 404 `NOT_FOUND` " +
      "when the lead is missing or in another organization.",
  },
};

export const logLeadCommunicationInput = z.object({
  leadId: pathIdSchema("lead"),
  type: z.enum(COMMUNICATION_TYPES).describe("call, email, meeting or social_message"),
  direction: z.enum(COMMUNICATION_DIRECTIONS).describe("inbound or outbound"),
  content: z
    .string()
    .trim()
    .max(L.communicationContent)
    .default("")
    .describe(`Summary or message text, at most ${L.communicationContent} characters`),
});

export const logLeadCommunicationOutput = z.object({
  id: z.string().describe("Prefixed activity id, `act_…`"),
  leadId: z.string(),
  type: z.enum(COMMUNICATION_TYPES),
  direction: z.enum(COMMUNICATION_DIRECTIONS),
  content: z.string(),
  createdAt: timestampSchema,
});
