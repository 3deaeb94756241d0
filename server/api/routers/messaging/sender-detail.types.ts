import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";
import { senderSummarySchema } from "./message.types";

export const senderDetailSchema = senderSummarySchema.extend({
  phoneNumberId: z.string(),
  businessAccountId: z.string(),
  statusReason: z.string().nullable(),
  statusChangedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
