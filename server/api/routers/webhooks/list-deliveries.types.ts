import { z } from "zod";
import { limitSchema, offsetSchema, paginated } from "../../schemas/pagination";
import { timestampSchema } from "../../schemas/timestamp";
import { subscriptionIdSchema } from "./subscription.types";

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
  nextAttemptAt: timestampSchema.nullable(),
  completedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  attempts: z.array(
    z.object({
      number: z.number().int(),
      startedAt: timestampSchema,
      durationMs: z.number().int(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

export const listDeliveriesOutput = paginated(deliverySchema);
