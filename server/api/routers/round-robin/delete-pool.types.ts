import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";

export const deletePoolMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  openapi: {
    method: "DELETE",
    path: "/round-robin/{roundRobinId}",
    tags: ["Round robin"],
    summary: "Delete a round robin pool",
    description:
      "Deletes the pool with its participants, connections and assignment history; irreversible. Leads it assigned keep " +
      "their owner and `roundRobinId`. 404 `NOT_FOUND` for a missing pool or another organization's.",
  },
} as const satisfies ProcedureMeta;

export const deletePoolInput = z.object({ roundRobinId: pathIdSchema("pool") });

export const deletePoolOutput = z.object({ deleted: z.literal(true), id: z.string() });
