import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { jsonNumber } from "../../schemas/json-fields";
import { ESCALATION_STEPS } from "../../../round-robin/escalate-first-touch";

const escalationSchema = z
  .array(z.enum(ESCALATION_STEPS))
  .max(5)
  .describe(
    "What a missed first-touch deadline does, one step per miss, the last repeating: `reassign` to the next eligible participant " +
      "(never one who already missed it; nobody left: `pond`), `pond` releases it unassigned to the pool's pond (claimable by its " +
      "participants), `notify` emails the pool's follower and gives the owner a new deadline. Empty: a miss is only marked " +
      "(`lead.first_touch_breached`, the timeline). Checked within a minute of each deadline",
  );

const tags = ["Round robin"];

export const getSpeedPolicyMeta = {
  scope: "round-robin:read",
  openapi: {
    method: "GET",
    path: "/round-robin/{roundRobinId}/speed-to-lead",
    tags,
    summary: "Read a pool's speed-to-lead policy",
    description:
      "Extension: the pool's first-touch deadline (minutes of working time from assignment to the owner's first outbound " +
      "contact; null: the organization's). 404 `NOT_FOUND` for a missing pool or another organization's.",
  },
} as const satisfies ProcedureMeta;

export const updateSpeedPolicyMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  openapi: {
    method: "PATCH",
    path: "/round-robin/{roundRobinId}/speed-to-lead",
    tags,
    summary: "Change a pool's speed-to-lead policy",
    description:
      "Extension: a field left out keeps its value. Applies to deadlines set from then on; a running deadline keeps its time. " +
      "400 `VALIDATION_ERROR` for a value out of range; 404 `NOT_FOUND` for a missing pool or another organization's.",
  },
} as const satisfies ProcedureMeta;

export const speedPolicyInput = z.object({ roundRobinId: pathIdSchema("pool") });

export const updateSpeedPolicyInput = speedPolicyInput.extend({
  firstTouchMinutes: jsonNumber(z.number().int("must be a whole number").min(1).max(1440))
    .nullish()
    .describe("First-touch deadline in minutes of working time, 1..1440; null: the organization's"),
  firstTouchEscalation: escalationSchema.optional(),
});

export const speedPolicyOutput = z.object({
  roundRobinId: z.string(),
  firstTouchMinutes: z.number().int().nullable().describe("The pool's own deadline; null: the organization's"),
  effectiveFirstTouchMinutes: z.number().int().describe("The deadline that applies to the pool's leads"),
  firstTouchEscalation: escalationSchema,
});
