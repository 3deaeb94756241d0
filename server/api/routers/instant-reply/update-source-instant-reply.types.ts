import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { leadSourceSchema } from "../leads/lead.types";
import { availabilityFields, INSTANT_REPLY_RULES, replySettingsChangesSchema, replySettingsFields } from "./instant-reply.types";

export const updateSourceInstantReplyMeta = {
  scope: "leads:write",
  roles: MANAGERS,
  openapi: {
    method: "PATCH",
    path: "/instant-reply",
    tags: ["Leads"],
    summary: "Change a lead source's instant reply",
    description:
      `${INSTANT_REPLY_RULES} \`source\` names the setting; a field left out keeps its value; applies to leads arriving from ` +
      "then on. 400 `VALIDATION_ERROR` for an unknown source, or when switched on without a listed channel's message.",
  },
} as const satisfies ProcedureMeta;

export const updateSourceInstantReplyInput = replySettingsChangesSchema.extend({ source: leadSourceSchema });

export const updateSourceInstantReplyOutput = z.object({
  source: leadSourceSchema,
  ...replySettingsFields,
  ...availabilityFields,
});
