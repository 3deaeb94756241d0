import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { jsonBoolean } from "../../schemas/json-fields";
import { pathIdSchema } from "../../../ids";

export const setParticipantActiveMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  openapi: {
    method: "PATCH",
    path: "/round-robin/{roundRobinId}/participants/{userId}",
    tags: ["Round robin"],
    summary: "Pause or resume a participant (extension)",
    description:
      "Extension beyond the spec: `isActive: false` pauses a participant (vacation, off shift); the rotation skips them " +
      "until resumed, and a resumed participant waits for their next turn (no catch-up). Answers `{success: true}`. " +
      "404 `NOT_FOUND` for a missing pool, another organization's, or a user who is not a participant of it.",
  },
} as const satisfies ProcedureMeta;

export const setParticipantActiveInput = z.object({
  roundRobinId: pathIdSchema("pool"),
  userId: pathIdSchema("participant"),
  isActive: jsonBoolean().describe("false pauses, true resumes"),
});

export const setParticipantActiveOutput = z.object({ success: z.literal(true) });
