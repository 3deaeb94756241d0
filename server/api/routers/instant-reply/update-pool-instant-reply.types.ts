import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { poolInstantReplyInput } from "./get-pool-instant-reply.types";
import { INSTANT_REPLY_RULES, replySettingsChangesSchema } from "./instant-reply.types";

export const updatePoolInstantReplyMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  openapi: {
    method: "PATCH",
    path: "/round-robin/{roundRobinId}/instant-reply",
    tags: ["Round robin"],
    summary: "Change a pool's instant reply",
    description:
      `${INSTANT_REPLY_RULES} A field left out keeps its value; applies to leads arriving from then on. Answers the setting as ` +
      "`GET` does. 400 `VALIDATION_ERROR` when switched on without a listed channel's message; 404 `NOT_FOUND` for a missing pool.",
  },
} as const satisfies ProcedureMeta;

export const updatePoolInstantReplyInput = poolInstantReplyInput.extend(replySettingsChangesSchema.shape);
