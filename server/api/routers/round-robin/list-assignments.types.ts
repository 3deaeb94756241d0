import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { limitSchema, offsetSchema, paginated } from "../../schemas/pagination";
import { pathIdSchema } from "../../../ids";
import { ASSIGNMENT_SOURCES } from "../../../round-robin/round-robin-values";
import { assignmentSchema } from "./round-robin.types";

export const listAssignmentsMeta = {
  scope: "round-robin:read",
  openapi: {
    method: "GET",
    path: "/round-robin/{roundRobinId}/assignments",
    tags: ["Round robin"],
    summary: "List a pool's assignments",
    description:
      "The pool's assignment history, newest first, optionally filtered by `source`. `metadata` is a JSON string: " +
      "`reason` (connection, generic_webhook, catch_all, explicit_pool), the matched `connectionId`, `connectionSource`, " +
      "`matchedFields` and `specificity`, the pointer before and after, and participants `skipped` (paused or no longer " +
      "members). `userName`/`userEmail` are null once the member's account is gone.",
  },
} as const satisfies ProcedureMeta;

export const listAssignmentsInput = z.object({
  roundRobinId: pathIdSchema("pool"),
  limit: limitSchema({ default: 50 }),
  offset: offsetSchema,
  source: z.enum(ASSIGNMENT_SOURCES).optional().describe(`Only assignments of this source: ${ASSIGNMENT_SOURCES.join(", ")}`),
});

export const listAssignmentsOutput = paginated(assignmentSchema);
