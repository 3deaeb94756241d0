import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { poolDetailSchema } from "./round-robin.types";

export const getPoolMeta = {
  scope: "round-robin:read",
  openapi: {
    method: "GET",
    path: "/round-robin/{roundRobinId}",
    tags: ["Round robin"],
    summary: "Read a round robin pool",
    description:
      "The pool with `participants` (ascending order, each with `user`), `connections` (oldest first), `settings` and " +
      "`stats` (`totalAssignments`, `lastAssignmentAt`, `participantAssignments[]`). `nextParticipantOrder` names who gets " +
      "the next lead. 404 `NOT_FOUND` for a missing pool or another organization's.",
  },
} as const satisfies ProcedureMeta;

export const getPoolInput = z.object({ roundRobinId: pathIdSchema("pool") });

export const getPoolOutput = poolDetailSchema;
