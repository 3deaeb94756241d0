import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { pathIdSchema } from "../../../ids";
import type { ProcedureMeta } from "../../trpc";
import { availabilityFields, INSTANT_REPLY_RULES, replySettingsFields } from "./instant-reply.types";

export const getPoolInstantReplyMeta = {
  scope: "round-robin:read",
  roles: MANAGERS,
  openapi: {
    method: "GET",
    path: "/round-robin/{roundRobinId}/instant-reply",
    tags: ["Round robin"],
    summary: "Read a pool's instant reply",
    description: `${INSTANT_REPLY_RULES} A pool never set answers the defaults (off). 404 \`NOT_FOUND\` for a missing pool or another organization's.`,
  },
} as const satisfies ProcedureMeta;

export const poolInstantReplyInput = z.object({ roundRobinId: pathIdSchema("pool") });

export const poolInstantReplyOutput = z.object({
  roundRobinId: z.string(),
  ...replySettingsFields,
  ...availabilityFields,
});
