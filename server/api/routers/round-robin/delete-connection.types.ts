import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";

export const deleteConnectionMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  openapi: {
    method: "DELETE",
    path: "/round-robin/{roundRobinId}/connections/{connectionId}",
    tags: ["Round robin"],
    summary: "Remove a connection from a pool",
    description: "404 `NOT_FOUND` when the pool is missing or another organization's, or the connection is not on that pool.",
  },
} as const satisfies ProcedureMeta;

export const deleteConnectionInput = z.object({ roundRobinId: pathIdSchema("pool"), connectionId: pathIdSchema("connection") });

export const deleteConnectionOutput = z.object({ deleted: z.literal(true), id: z.string() });
