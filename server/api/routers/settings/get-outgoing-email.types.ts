import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";

export const getOutgoingEmailInput = z.void();

export const getOutgoingEmailOutput = z.object({
  configured: z.boolean().describe("False when SMTP_URL is not set: nothing is sent, flows offer a copyable link"),
  from: z.string().nullable(),
  recent: z.array(
    z.object({
      id: z.uuid(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.enum(["pending", "sent", "failed", "not_sent"]),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: timestampSchema,
      sentAt: timestampSchema.nullable(),
    }),
  ),
});
