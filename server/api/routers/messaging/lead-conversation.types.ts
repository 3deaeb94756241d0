import { z } from "zod";
import { pathIdSchema } from "../../../ids";
import { messageSchema } from "./message.types";
import { timestampSchema } from "../../schemas/timestamp";

export const leadConversationInput = z.object({
  leadId: pathIdSchema("lead"),
  limit: z.number().int().min(1).max(200).default(50),
});

export const leadConversationOutput = z.object({
  configured: z.boolean(),
  phone: z.string().nullable(),
  phoneProblem: z.enum(["missing", "not_international"]).nullable(),
  messages: z.array(messageSchema),
  hasEarlier: z.boolean(),
  windowOpenUntil: timestampSchema.nullable(),
});
