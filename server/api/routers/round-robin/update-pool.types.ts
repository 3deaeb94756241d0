import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { poolBodyFields } from "./round-robin.types";

export const updatePoolMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  openapi: {
    method: "PATCH",
    path: "/round-robin/{roundRobinId}",
    tags: ["Round robin"],
    summary: "Update a round robin pool",
    description:
      "The create fields, all optional; a field left out keeps its value. null clears `followerUserId`, `goalTotalDeals` " +
      "and `goalWonDeals`. `participantIds` replaces the rotation (array order) and resets the pointer to the first " +
      "participant; `connections` replaces the connection list. Same errors as create; 404 `NOT_FOUND` for a missing " +
      "pool or another organization's. A deactivated pool stops receiving leads.",
  },
} as const satisfies ProcedureMeta;

export const updatePoolInput = z.object({
  roundRobinId: pathIdSchema("pool"),
  ...poolBodyFields,
  name: poolBodyFields.name.optional(),
  participantIds: poolBodyFields.participantIds.optional(),
});

export const updatePoolOutput = z.object({ success: z.literal(true) });
