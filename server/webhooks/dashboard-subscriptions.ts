import { ApiError } from "../errors/api-error";
import type { DomainContext } from "../domain-context";
import { createSubscription, type CreateSubscriptionInput, type CreateSubscriptionResult } from "./create-subscription";
import { DASHBOARD_MANAGER } from "./subscription-manager";
import { subscriptionSelect, type SubscriptionRow } from "./subscription-view";
import { isUuid } from "../ids";

/**
 * Subscription management for the dashboard (Settings → Webhooks). Unlike the
 * public API it sees every subscription of the organization, whoever manages
 * it, and may pause or delete any of them.
 */

export function listOrganizationSubscriptions({ db, principal }: DomainContext): Promise<SubscriptionRow[]> {
  return db.webhookSubscription.findMany({
    where: { organizationId: principal.organizationId },
    select: subscriptionSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
}

/** A dashboard-managed subscription; the secret is in the result once, as on the API. */
export function createDashboardSubscription(
  { db, principal }: DomainContext,
  input: Omit<CreateSubscriptionInput, "externalId">,
): Promise<CreateSubscriptionResult> {
  return createSubscription(db, principal.organizationId, DASHBOARD_MANAGER, { ...input, externalId: null }, "targetUrl");
}

/**
 * Pauses or resumes a subscription. While paused, no deliveries are created
 * for it, and deliveries already pending end as failed ("subscription
 * disabled") when their turn comes; they can be resent after resuming.
 * Resuming (also one that was disabled for failing) starts a fresh streak.
 */
export async function setSubscriptionActive(
  { db, principal }: DomainContext,
  id: string,
  isActive: boolean,
): Promise<SubscriptionRow> {
  if (!isUuid(id)) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  const { count } = await db.webhookSubscription.updateMany({
    where: { id, organizationId: principal.organizationId },
    data: isActive
      ? { isActive, consecutiveFailures: 0, failingSince: null, disabledReason: null, disabledAt: null }
      : { isActive, disabledReason: "paused", disabledAt: new Date() },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  const row = await db.webhookSubscription.findFirst({ where: { id, organizationId: principal.organizationId }, select: subscriptionSelect });
  if (!row) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  return row;
}

/** Deletes any subscription of the organization, with its deliveries and their log. */
export async function deleteOrganizationSubscription({ db, principal }: DomainContext, id: string): Promise<{ id: string }> {
  if (!isUuid(id)) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  const { count } = await db.webhookSubscription.deleteMany({ where: { id, organizationId: principal.organizationId } });
  if (count === 0) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  return { id };
}
