import { z } from "zod";
import { managedByLabel } from "../../../webhooks/subscription-manager";
import type { SubscriptionRow } from "../../../webhooks/subscription-view";
import { timestampSchema } from "../../schemas/timestamp";
import { subscriptionIdSchema } from "./subscription.types";

/** A subscription as the dashboard shows it: camelCase, like the rest of the dashboard's API. */
export const dashboardSubscriptionSchema = z.object({
  id: subscriptionIdSchema,
  name: z.string().nullable(),
  targetUrl: z.string(),
  event: z.string(),
  externalId: z.string().nullable(),
  managedBy: z.string().describe("`dashboard`, `api` or the OAuth client's public id"),
  isActive: z.boolean(),
  consecutiveFailures: z.number().int().describe("Failed attempts since the last acknowledged one"),
  failingSince: timestampSchema.nullable().describe("First failure of the current run of failures"),
  disabledReason: z
    .enum(["paused", "failing", "credential_revoked", "unsubscribed"])
    .nullable()
    .describe("Why it is inactive: paused by a person, failing for days, or its managing credential was revoked"),
  disabledAt: timestampSchema.nullable(),
  previousSecretExpiresAt: timestampSchema.nullable().describe("While a secret rotation overlaps: when the previous secret stops signing"),
  createdAt: timestampSchema,
});

export function toDashboardSubscription(row: SubscriptionRow): z.output<typeof dashboardSubscriptionSchema> {
  return {
    id: row.id,
    name: row.name,
    targetUrl: row.targetUrl,
    event: row.event,
    externalId: row.externalId,
    managedBy: managedByLabel(row),
    isActive: row.isActive,
    consecutiveFailures: row.consecutiveFailures,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt.getTime() > Date.now() ? row.previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
