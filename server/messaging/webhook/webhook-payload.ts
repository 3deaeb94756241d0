import { z } from "zod";

/**
 * The parts of the Cloud API's `messages` webhook we read (Meta's "messages
 * webhook reference"). Parsed leniently: each status and each message is read
 * on its own, so one we cannot read is skipped instead of failing the batch
 * (Meta would retry the whole batch forever).
 */
export const webhookPayloadSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      changes: z.array(z.object({ field: z.string(), value: z.unknown() })).default([]),
    }),
  ),
});

export const changeValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().min(1), display_phone_number: z.string().optional() }),
  contacts: z
    .array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).optional() }))
    .optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});

const providerErrorSchema = z.object({
  code: z.number().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});

export const statusSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(providerErrorSchema).optional(),
});

const media = z.object({ caption: z.string().optional(), filename: z.string().optional() }).optional();

export const inboundMessageSchema = z.object({
  from: z.string(),
  id: z.string().min(1),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  image: media,
  video: media,
  document: media,
  audio: media,
  sticker: media,
  location: z.object({ name: z.string().optional(), address: z.string().optional(), latitude: z.number().optional(), longitude: z.number().optional() }).optional(),
  contacts: z.array(z.object({ name: z.object({ formatted_name: z.string().optional() }).optional() })).optional(),
  button: z.object({ text: z.string().optional() }).optional(),
  interactive: z
    .object({ button_reply: z.object({ title: z.string().optional() }).optional(), list_reply: z.object({ title: z.string().optional() }).optional() })
    .optional(),
});

export type WebhookStatus = z.infer<typeof statusSchema>;
export type InboundMessage = z.infer<typeof inboundMessageSchema>;
export type ProviderErrorPayload = z.infer<typeof providerErrorSchema>;

/** A provider timestamp (Unix seconds as a string), never later than now; now when absent or unreadable. */
export function timeOf(timestamp: string | undefined, now = new Date()): Date {
  const seconds = Number(timestamp);
  if (!timestamp || !Number.isFinite(seconds) || seconds <= 0) return now;
  const at = new Date(seconds * 1000);
  return at > now ? now : at;
}

/** `(#131047) Re-engagement message: More than 24 hours have passed…` */
export function reasonOf(error: ProviderErrorPayload | undefined): { code: number | null; reason: string } {
  if (!error) return { code: null, reason: "failed without a reason" };
  const title = error.title ?? error.message ?? "failed";
  const details = error.error_data?.details;
  const prefix = error.code !== undefined ? `(#${error.code}) ` : "";
  return { code: error.code ?? null, reason: `${prefix}${title}${details && details !== title ? `: ${details}` : ""}`.slice(0, 500) };
}
