import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { jsonNumber } from "../../schemas/json-fields";
import { timestampSchema } from "../../schemas/timestamp";
import { ROTATION_LIMITS as R } from "../../../round-robin/round-robin-values";

export const simulateRotationMeta = {
  scope: "round-robin:read",
  openapi: {
    method: "POST",
    path: "/round-robin/{roundRobinId}/simulate",
    tags: ["Round robin"],
    summary: "Simulate the next assignees of a pool (extension)",
    description:
      "Extension: changes nothing (no assignment, no pointer or running weight moves, no lock). Answers who the next " +
      "`count` leads through this pool would go to at `at` (default now) and why: the smooth weighted rotation from the " +
      "pool's pointer and running weights, each turn's `skipped` naming who was passed over and the reason (`paused`, " +
      "`not_a_member`, `outside_working_hours`, `out_of_office`, `at_daily_cap`). Each simulated turn counts towards its " +
      "member's daily cap. Working hours are a preference: when nobody otherwise eligible is working, everyone is. " +
      "`turns` ends early when nobody would be eligible, and is empty for an inactive pool. A first-to-claim pool's " +
      "turns are those of its fallback rotation. A concurrent arrival may take a turn first: this is a forecast. " +
      "400 `VALIDATION_ERROR` for `count` outside 1..100 or `at` not an ISO 8601 timestamp; 404 `NOT_FOUND` for a missing or foreign pool.",
  },
} as const satisfies ProcedureMeta;

export const simulateRotationInput = z.object({
  roundRobinId: pathIdSchema("pool"),
  count: jsonNumber(z.number().int("must be a whole number").min(1).max(R.simulateMax)).describe(`How many turns to forecast, 1..${R.simulateMax}`),
  at: z.iso.datetime({ offset: true }).optional().describe("When the leads would arrive (ISO 8601 with offset); default now"),
});

const skipped = z.object({
  userId: z.string(),
  order: z.number().int(),
  reason: z.enum(["paused", "not_a_member", "outside_working_hours", "out_of_office", "at_daily_cap"]),
});

export const simulateRotationOutput = z.object({
  roundRobinId: z.string(),
  at: timestampSchema,
  isActive: z.boolean(),
  distribution: z.string(),
  turns: z.array(
    z.object({
      position: z.number().int().describe("1 for the next lead"),
      userId: z.string(),
      name: z.string().nullable(),
      order: z.number().int(),
      weight: z.number().int(),
      skipped: z.array(skipped).describe("Participants passed over on the way to this one, and why"),
    }),
  ),
  names: z.record(z.string(), z.string()).describe("Participants' names by user id, for reading `skipped`"),
});
