import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { leadSourceSchema } from "../leads/lead.types";
import { availabilityFields, channelStateSchema, INSTANT_REPLY_RULES, replySettingsFields } from "./instant-reply.types";

export const listSourceInstantRepliesMeta = {
  scope: "leads:read",
  roles: MANAGERS,
  openapi: {
    method: "GET",
    path: "/instant-reply",
    tags: ["Leads"],
    summary: "Read the instant reply of every lead source",
    description: `${INSTANT_REPLY_RULES} Answers what each channel can do now and every source's setting (a source never set: off).`,
  },
} as const satisfies ProcedureMeta;

export const listSourceInstantRepliesInput = z.object({}).optional();

export const sourceInstantReplySchema = z.object({
  source: leadSourceSchema,
  ...replySettingsFields,
  canSend: availabilityFields.canSend,
});

export const listSourceInstantRepliesOutput = z.object({
  availableChannels: z.array(channelStateSchema).describe("Every channel and whether it can send for the organization now"),
  sources: z.array(sourceInstantReplySchema),
});
