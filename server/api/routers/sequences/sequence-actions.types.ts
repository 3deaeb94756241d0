import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { idOutput, SEQUENCES_TAG } from "./sequence.types";

export const launchSequenceMeta = {
  scope: "sequences:write",
  roles: MANAGERS,
  // Charged by weight inside the launch: one monthly unit per enrolled contact.
  monthlyCost: 0,
  openapi: {
    method: "POST",
    path: "/sequences/{sequenceId}/launch",
    tags: [SEQUENCES_TAG],
    summary: "Launch a draft sequence",
    description:
      "draft → running. Enrols every eligible lead (matching the criteria, with a phone, not do-not-call) as a pending " +
      "contact, sets `startedAt` and charges the monthly quota one unit per enrolled contact (`enqueued`); the response's " +
      "`X-RateLimit-Monthly-Remaining` shows the quota after the charge. Costs one request in the per-second and " +
      "per-minute windows. 400 `BAD_REQUEST`: \"Only draft sequences can be launched\", \"No eligible leads match this " +
      "sequence's criteria\", \"Audience too large (over 5000 eligible leads). Narrow the criteria before launching.\". " +
      "When the remaining monthly quota cannot cover the enrolment, nothing is enrolled, the sequence stays a draft and " +
      "the answer is 429 with `Retry-After` = seconds until the month resets (UTC).",
  },
} as const satisfies ProcedureMeta;

export const sequenceActionInput = z.object({ sequenceId: pathIdSchema("sequence") });
export const launchSequenceOutput = z.object({
  id: z.string(),
  enqueued: z.number().int().describe("Contacts enrolled; equals the monthly units charged"),
});

export const pauseSequenceMeta = {
  scope: "sequences:write",
  roles: MANAGERS,
  openapi: {
    method: "POST",
    path: "/sequences/{sequenceId}/pause",
    tags: [SEQUENCES_TAG],
    summary: "Pause a running sequence",
    description:
      "running → paused: no contact is picked up after this answers; contacts in flight finish. 400 `BAD_REQUEST` " +
      "\"Only running sequences can be paused\".",
  },
} as const satisfies ProcedureMeta;

export const resumeSequenceMeta = {
  scope: "sequences:write",
  roles: MANAGERS,
  openapi: {
    method: "POST",
    path: "/sequences/{sequenceId}/resume",
    tags: [SEQUENCES_TAG],
    summary: "Resume a paused sequence",
    description:
      "paused → running: dispatch continues with the remaining pending contacts. 400 `BAD_REQUEST` \"Only paused " +
      "sequences can be resumed\".",
  },
} as const satisfies ProcedureMeta;

export const sequenceActionOutput = idOutput;
