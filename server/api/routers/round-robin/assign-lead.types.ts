import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { idSchema } from "../../../ids";
import { ASSIGNMENT_SOURCES } from "../../../round-robin/round-robin-values";

export const assignLeadMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  openapi: {
    method: "POST",
    path: "/round-robin/assign",
    tags: ["Round robin"],
    summary: "Assign a lead through the round robin",
    description:
      "Routes an unassigned lead through the matching active pool: source `manual` through pools with " +
      "`assignManualLeads`, every other source (default `system`) through pools with `assignInboundLeads`, matched by " +
      "the lead's origin like an arriving lead. Answers 200 `{assigned: true, leadId, assignedToId, roundRobinId, " +
      "turnOrder}`; 200 `{assigned: false}` with the lead untouched when it already has an owner or no pool has an " +
      "eligible participant. Like every assignment: emits `lead.updated` (with `changes.assignedToId`) and `lead.assigned` " +
      "with `autoAssigned: true`, and adds `updated` and `assigned` (\"… by round robin\") entries by the caller to the " +
      "timeline. Lead ids are the prefixed `lead_…` ids " +
      "(400 `VALIDATION_ERROR` when malformed); 404 `NOT_FOUND` for a missing lead or another organization's.",
  },
} as const satisfies ProcedureMeta;

export const assignLeadInput = z.object({
  leadId: idSchema("lead"),
  source: z.enum(ASSIGNMENT_SOURCES).default("system").describe(`${ASSIGNMENT_SOURCES.join(", ")}; default system`),
});

export const assignLeadOutput = z.union([
  z.object({
    assigned: z.literal(true),
    leadId: z.string(),
    assignedToId: z.string(),
    roundRobinId: z.string(),
    turnOrder: z.number().int(),
  }),
  z.object({ assigned: z.literal(false) }),
]);
