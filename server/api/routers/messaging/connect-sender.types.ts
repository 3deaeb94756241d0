import { z } from "zod";
import { senderDetailSchema } from "./sender-detail.types";

// Reasons are message keys, so the dashboard names them in the reader's language and REST in English.
const graphId = (reason: "validation.metaPhoneNumberId" | "validation.metaBusinessAccountId") =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, reason);

export const connectSenderInput = z.object({
  label: z.string().trim().min(1).max(100).describe("A name for this sender, e.g. Sales"),
  phoneNumberId: graphId("validation.metaPhoneNumberId"),
  businessAccountId: graphId("validation.metaBusinessAccountId"),
  accessToken: z
    .string()
    .trim()
    .min(20, "validation.whatsAppToken")
    .max(1000)
    .regex(/^\S+$/, "validation.noSpaces"),
});

export const connectSenderOutput = senderDetailSchema;
