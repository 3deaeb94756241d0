import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { checkConnectionRules, connectionInputFields, connectionInputSchema, connectionSchema } from "./round-robin.types";

export const addConnectionMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/round-robin/{roundRobinId}/connections",
    tags: ["Round robin"],
    summary: "Add a connection to a pool",
    description:
      "The body is one connection object, either as is or nested under a `connection` key (as the spec's example shows; " +
      "when both are sent, `connection` wins). Answers 201 with the created connection. 409 `CONFLICT` when the pool " +
      "already has a connection with exactly these fields, or when another pool holds the generic `webhook` connection; " +
      "400 `BAD_REQUEST` for the generic `webhook` connection while the universal lead webhook integration is off; " +
      "400 `VALIDATION_ERROR` for automation without `provider` or workflow without `workflowId`.",
  },
} as const satisfies ProcedureMeta;

export const addConnectionInput = z
  .object({
    roundRobinId: pathIdSchema("pool"),
    connection: connectionInputSchema.optional().describe("The connection, nested (alternative to sending its fields at the top level)"),
    ...connectionInputFields,
  })
  .superRefine((value, ctx) => {
    if (value.connection === undefined) checkConnectionRules(value, ctx);
  });

export const addConnectionOutput = connectionSchema;
