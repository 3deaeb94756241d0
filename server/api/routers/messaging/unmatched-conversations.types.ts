import { z } from "zod";

export const listUnmatchedInput = z.void();

export const listUnmatchedOutput = z.object({
  data: z.array(
    z.object({
      contactDigits: z.string(),
      phone: z.string().describe("E.164"),
      messages: z.number().int(),
      lastMessageAt: z.string(),
      lastText: z.string(),
    }),
  ),
});

export const createLeadFromUnmatchedInput = z.object({
  contactDigits: z.string().regex(/^\d{5,20}$/, "a WhatsApp number, digits only"),
});

export const createLeadFromUnmatchedOutput = z.object({ leadId: z.string(), messages: z.number().int() });
