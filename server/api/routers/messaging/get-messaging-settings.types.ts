import { z } from "zod";
import { senderDetailSchema } from "./sender-detail.types";

export const getMessagingSettingsInput = z.void();

export const getMessagingSettingsOutput = z.object({
  configured: z.boolean().describe("False when WHATSAPP_APP_SECRET or WHATSAPP_VERIFY_TOKEN is not set: nothing can be sent or received"),
  webhookUrl: z.string().nullable().describe("The callback URL to register in the Meta app"),
  graphVersion: z.string().nullable(),
  senders: z.array(senderDetailSchema),
});
