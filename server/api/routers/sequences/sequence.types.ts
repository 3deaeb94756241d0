import { z } from "zod";
import { timestampSchema } from "../../schemas/timestamp";
import {
  channelConfigSchema,
  criteriaSchema,
  SEQUENCE_CHANNELS,
  SEQUENCE_LIMITS,
  SEQUENCE_STATUSES,
  throttleSchema,
} from "../../../sequences/sequence-values";
import type { SequenceRepresentation } from "../../../sequences/sequence-representation";

/** Wire schemas shared by the sequence procedures. */

export const SEQUENCES_TAG = "Sequences";

export const sequenceNameSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(SEQUENCE_LIMITS.name, `at most ${SEQUENCE_LIMITS.name} characters`)
  .describe(`Sequence name, 1..${SEQUENCE_LIMITS.name} characters after trimming`);

export const channelInputSchema = z
  .literal("call", { error: "validation.onlyCall" })
  .describe("SequenceChannel; only `call` is accepted (whatsapp and email are defined but refused)");

export const progressSchema = z
  .object({
    total: z.number().int().describe("Sum of the others"),
    pending: z.number().int(),
    inProgress: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int().describe("Dispatch failed after retries"),
    skipped: z.number().int().describe("The lead opted out or became ineligible"),
    called: z
      .number()
      .int()
      .describe("Extension, not in the contract: of the contacts handed out (`sent`), those whose call outcome was recorded (the calls made); not part of `total`'s sum"),
  })
  .describe("Contacts per SequenceContactStatus");

export const sequenceSchema = z.object({
  id: z.string().describe("Prefixed sequence id (`seq_…`)"),
  organizationId: z.string(),
  name: z.string(),
  channel: z.enum(SEQUENCE_CHANNELS),
  status: z.enum(SEQUENCE_STATUSES),
  criteria: criteriaSchema,
  channelConfig: z.object({ dialer: z.string(), webhookUrl: z.string().optional() }).describe("Extension: `dialer` (`task` or `webhook`) and the webhook dialer's `webhookUrl`; the secret is never shown here"),
  throttle: z.object({
    maxPerMinute: z.number().int(),
    businessHoursStart: z.string(),
    businessHoursEnd: z.string(),
    timezone: z.string(),
    weekdays: z.array(z.number().int()),
  }),
  createdBy: z.string().nullable().describe("User id of the member who created it; null when created with an API key"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  startedAt: timestampSchema.nullable(),
  completedAt: timestampSchema.nullable(),
  progress: progressSchema,
});

export function toWireSequence(sequence: SequenceRepresentation): z.infer<typeof sequenceSchema> {
  return {
    ...sequence,
    createdAt: sequence.createdAt.toISOString(),
    updatedAt: sequence.updatedAt.toISOString(),
    startedAt: sequence.startedAt?.toISOString() ?? null,
    completedAt: sequence.completedAt?.toISOString() ?? null,
  };
}

export { channelConfigSchema, criteriaSchema, throttleSchema };
export const idOutput = z.object({ id: z.string() });
