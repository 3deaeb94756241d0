import { z } from "zod";
import { Temporal } from "temporal-polyfill";
import { LEAD_SOURCES, LEAD_STATUSES } from "../leads/lead-enums";
import { INTEREST_OPERATIONS } from "../leads/interest/lead-interest";
import { idSchema } from "../ids";

/** The closed vocabularies and bounds of call sequences (spec "Sequence", "Limits"). */
export const SEQUENCE_CHANNELS = ["call", "whatsapp", "email"] as const;
export const SEQUENCE_STATUSES = ["draft", "running", "paused", "completed"] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];

export const SEQUENCE_LIMITS = {
  name: 120,
  maxAudience: 5000,
  minPerMinute: 1,
  maxPerMinute: 60,
  timezone: 64,
} as const;

/** Outcomes a member logs on a call task (dashboard call queue). */
export const CALL_OUTCOMES = ["connected", "no_answer", "wrong_number", "do_not_call"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True when Temporal knows the IANA zone (an unknown one throws RangeError). */
export function isTimeZone(name: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(name);
    return true;
  } catch {
    return false;
  }
}

export const criteriaSchema = z
  .object({
    statuses: z.array(z.enum(LEAD_STATUSES)).max(LEAD_STATUSES.length * 2).optional().describe(`LeadStatus values: ${LEAD_STATUSES.join(", ")}`),
    stageIds: z.array(z.uuid()).max(100).optional().describe("Pipeline stage ids of the organization"),
    sources: z.array(z.enum(LEAD_SOURCES)).max(LEAD_SOURCES.length * 2).optional().describe(`LeadSource values: ${LEAD_SOURCES.join(", ")}`),
    minScore: z.number().int("must be a whole number").min(0).max(100).pipe(z.number()).optional().describe("Matches score >= minScore; 0..100"),
    interestOperations: z
      .array(z.enum(INTEREST_OPERATIONS))
      .max(INTEREST_OPERATIONS.length * 2)
      .optional()
      .describe("Extension: leads whose interest names one of these operations (`sale`, `rent`)"),
    interestProjectIds: z
      .array(idSchema("project"))
      .max(50)
      .optional()
      .describe("Extension: leads whose interest names at least one of these projects (`prj_…`)"),
    interestBudget: z
      .object({
        currency: z
          .string()
          .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
          .transform((code) => code.toUpperCase())
          .describe("ISO 4217 code the budget is in (any case)"),
        min: z.number().min(0).max(1e12).pipe(z.number()).optional().describe("The budget reaches at least this amount"),
        max: z.number().min(0).max(1e12).pipe(z.number()).optional().describe("The budget starts at or below this amount"),
      })
      .strict()
      .refine((budget) => budget.min === undefined || budget.max === undefined || budget.min <= budget.max, {
        message: "validation.budgetRangeOrder",
        path: ["max"],
      })
      .optional()
      .describe(
        "Extension: leads whose interest has a budget in `currency` that overlaps `min`..`max` (either end may be left out); " +
          "an end the lead left open reaches any amount. Leads without a budget in that currency are left out",
      ),
  })
  .strict()
  .describe("Audience filter; fields combine with AND; `{}` matches every lead of the organization. Only callable leads (a phone, not do-not-call) are eligible");
export type SequenceCriteria = z.infer<typeof criteriaSchema>;

export const throttleSchema = z
  .object({
    maxPerMinute: z.number().int("must be a whole number").min(1).max(60).pipe(z.number()).describe("Contacts dispatched per minute at most, evenly spaced; 1..60"),
    businessHoursStart: z.string().regex(HH_MM, "must be HH:MM (00:00..23:59)").describe("Start of the daily window, HH:MM local time in `timezone`"),
    businessHoursEnd: z.string().regex(HH_MM, "must be HH:MM (00:00..23:59)").describe("End of the daily window (exclusive), HH:MM; later than the start"),
    timezone: z.string().min(1).max(SEQUENCE_LIMITS.timezone).refine(isTimeZone, "validation.timeZoneName").describe("IANA time zone name, 1..64 characters"),
    weekdays: z
      .array(z.number().int().min(1).max(7).pipe(z.number()))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, "validation.weekdayRepeated")
      .describe("ISO weekdays Mon=1..Sun=7; 1..7 distinct entries"),
  })
  .strict()
  .superRefine((value, ctx) => {
    // Overnight windows are refused (see docs/decisions.md): a window is one stretch of one local day.
    if (HH_MM.test(value.businessHoursStart) && HH_MM.test(value.businessHoursEnd) && value.businessHoursEnd <= value.businessHoursStart) {
      ctx.addIssue({ code: "custom", path: ["businessHoursEnd"], message: "validation.endAfterStart" });
    }
  })
  .describe("Pacing rules; all fields required");
export type SequenceThrottle = z.infer<typeof throttleSchema>;

export const channelConfigSchema = z
  .discriminatedUnion("dialer", [
    z.object({ dialer: z.literal("task") }).strict(),
    z.object({ dialer: z.literal("webhook"), webhookUrl: z.string().min(1).max(2048) }).strict(),
  ])
  .describe(
    "Extension. `dialer`: `task` (default) queues each dispatched contact as a call task for the lead's assignee (the " +
      "sequence's creator when unassigned); `webhook` POSTs each contact, signed like outbound webhooks " +
      "(`X-Service-Signature: sha256=<HMAC of the body>` with the sequence's secret, returned once as `webhookSecret`), " +
      "to `webhookUrl`: a public https URL (same rules as webhook subscriptions); choosing it needs the `webhooks:manage` " +
      "scope as well (403 `FORBIDDEN` otherwise: the dialer sends leads' data out, as a subscription does). A non-2xx answer is retried up to 5 " +
      "attempts, then the contact is `failed`",
  );
export type SequenceChannelConfig = z.infer<typeof channelConfigSchema>;
