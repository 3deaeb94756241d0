import { z } from "zod";
import { idSchema, pathIdSchema } from "../../../ids";

/** Dashboard-only reads of the routing pages (no REST path). */
export const leadRoutingInput = z.object({ leadId: idSchema("lead") });
export const leadRoutingOutput = z
  .object({
    roundRobinId: z.string(),
    poolName: z.string(),
    turnOrder: z.number().int(),
    source: z.string(),
    metadata: z.string().nullable(),
    createdAt: z.string(),
  })
  .nullable();

export const assignmentsChartInput = z.object({ roundRobinId: pathIdSchema("pool") });
export const assignmentsChartOutput = z.array(z.object({ userId: z.string(), name: z.string().nullable(), count: z.number().int() }));
