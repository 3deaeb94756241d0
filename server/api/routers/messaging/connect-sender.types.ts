import { z } from "zod";
import { senderDetailSchema } from "./sender-detail.types";

const graphId = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, `must be the ${what} id shown in the Meta app (digits only)`);

export const connectSenderInput = z.object({
  label: z.string().trim().min(1).max(100).describe("A name for this sender, e.g. Sales"),
  phoneNumberId: graphId("phone number"),
  businessAccountId: graphId("WhatsApp Business account"),
  accessToken: z
    .string()
    .trim()
    .min(20, "must be a WhatsApp access token (a system user's permanent token)")
    .max(1000)
    .regex(/^\S+$/, "must not contain spaces"),
});

export const connectSenderOutput = senderDetailSchema;
