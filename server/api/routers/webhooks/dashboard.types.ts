import { z } from "zod";
import { limitSchema, offsetSchema, paginated } from "../../schemas/pagination";
import { eventTypeSchema, subscriptionIdPathSchema, subscriptionIdSchema } from "./schemas";

/**
 * Schemas of the dashboard's webhook procedures (tRPC only, no REST path):
 * camelCase, like the rest of the dashboard's API.
 */

export const dashboardSubscriptionSchema = z.object({
  id: subscriptionIdSchema,
  name: z.string().nullable(),
  targetUrl: z.string(),
  event: z.string(),
  externalId: z.string().nullable(),
  managedBy: z.string().describe("`dashboard`, `api` or the OAuth client's public id"),
  isActive: z.boolean(),
  consecutiveFailures: z.number().int().describe("Failed attempts since the last acknowledged one"),
  failingSince: z.string().nullable().describe("First failure of the current run of failures"),
  disabledReason: z
    .enum(["paused", "failing", "credential_revoked"])
    .nullable()
    .describe("Why it is inactive: paused by a person, failing for days, or its managing credential was revoked"),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});

export const dashboardCreateInput = z.object({
  targetUrl: z.string().trim().max(2048),
  event: eventTypeSchema,
  name: z.string().trim().max(255).nullish(),
});

export const dashboardCreateOutput = z.object({
  subscription: dashboardSubscriptionSchema,
  secret: z.string().describe("Shown once"),
});

export const subscriptionIdInput = z.object({ id: subscriptionIdPathSchema });

export const setActiveInput = z.object({ id: subscriptionIdPathSchema, isActive: z.boolean() });

export const deliveryStatusSchema = z.enum(["pending", "succeeded", "failed"]);

export const listDeliveriesInput = z.object({
  subscriptionId: subscriptionIdSchema.optional(),
  status: deliveryStatusSchema.optional(),
  limit: limitSchema(),
  offset: offsetSchema,
});

export const deliverySchema = z.object({
  id: z.uuid(),
  subscriptionId: z.uuid(),
  eventId: z.string(),
  eventType: z.string(),
  origin: z.string(),
  status: deliveryStatusSchema,
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.array(
    z.object({
      number: z.number().int(),
      startedAt: z.string(),
      durationMs: z.number().int(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

export const listDeliveriesOutput = paginated(deliverySchema);

export const resendDeliveryInput = z.object({ id: subscriptionIdPathSchema });
export const resendDeliveryOutput = z.object({ id: z.uuid(), status: z.literal("pending") });
