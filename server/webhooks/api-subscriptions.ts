import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { createSubscription, type CreateSubscriptionInput, type CreateSubscriptionResult } from "./create-subscription";
import { managerOf, managerWhere } from "./subscription-manager";
import { subscriptionSelect, type SubscriptionRow } from "./subscription-view";
import { isUuid } from "../ids";

/**
 * The subscriptions API as integrations see it (`/webhooks/subscriptions`).
 * Every query carries the organization in its `where`: another
 * organization's subscription is indistinguishable from a missing one.
 */

/** Only the calling client's subscriptions: never the dashboard's, never another client's. */
export function listSubscriptionsForPrincipal({ db, principal }: DomainContext): Promise<SubscriptionRow[]> {
  return db.webhookSubscription.findMany({
    where: { organizationId: principal.organizationId, ...managerWhere(managerOf(principal)) },
    select: subscriptionSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

export function createSubscriptionForPrincipal(
  { db, principal }: DomainContext,
  input: CreateSubscriptionInput,
): Promise<CreateSubscriptionResult> {
  return createSubscription(db, principal.organizationId, managerOf(principal), input);
}

/** Any subscription of the organization, whoever manages it (its `managed_by` says who). */
export async function getSubscriptionForPrincipal({ db, principal }: DomainContext, id: string): Promise<SubscriptionRow> {
  if (!isUuid(id)) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  const row = await db.webhookSubscription.findFirst({
    where: { id, organizationId: principal.organizationId },
    select: subscriptionSelect,
  });
  if (!row) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  return row;
}

/**
 * Hard-deletes a subscription managed by an external client (its pending
 * deliveries go with it). A dashboard-managed one is refused with 403 unless
 * the caller is a dashboard session.
 */
export async function deleteSubscriptionForPrincipal({ db, principal }: DomainContext, id: string): Promise<{ id: string }> {
  if (!isUuid(id)) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  const row = await db.webhookSubscription.findFirst({
    where: { id, organizationId: principal.organizationId },
    select: { id: true, managedBy: true },
  });
  if (!row) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  if (row.managedBy === "dashboard" && principal.kind !== "session") throw new ApiError("FORBIDDEN", "webhooks.dashboardManaged");
  const { count } = await db.webhookSubscription.deleteMany({ where: { id, organizationId: principal.organizationId } });
  if (count === 0) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  return { id };
}
