import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { markWorkQueued } from "../jobs/queued-work";
import { DELIVER_WEBHOOK_JOB_ID } from "./deliver-webhook-job";
import { webhookRetentionDays } from "./prune-webhook-history-job";

/**
 * `POST /webhooks/subscriptions/{id}/replay`: the subscription's events (its
 * event type, from the journal) created since a time are delivered again, as
 * new deliveries (new `X-Service-Delivery` ids) of the original bodies (the
 * same `evt_…` ids, so receivers deduplicate on them). Events from before
 * the subscription existed are included: a new subscription can backfill.
 * The deliveries are ordinary pending rows of the subscription, so the fair
 * claim gives them the subscription's turn and nothing more: a large replay
 * never starves the organization's other endpoints or other organizations.
 * They are due a millisecond apart, in the journal's order, so a receiver
 * gets them in order as long as nothing fails.
 */

/** At most this many events per call; `nextSince` says where to continue. */
export const REPLAY_BATCH = 5_000;

export interface ReplayRequest {
  /** ISO 8601: events created at or after it (at most the retention window back). */
  since: string;
}

export interface ReplayResult {
  id: string;
  replayed: number;
  /** More events matched than one call replays: call again with `since` = `nextSince`. */
  hasMore: boolean;
  nextSince: string | null;
}

export async function replaySubscriptionEvents({ db, principal }: DomainContext, id: string, request: ReplayRequest): Promise<ReplayResult> {
  if (!isUuid(id)) throw new ApiError("NOT_FOUND", "webhooks.notFound");
  const organizationId = principal.organizationId;
  return runInTransaction(db, async (tx) => {
    const subscription = await tx.webhookSubscription.findFirst({
      where: { id, organizationId },
      select: { id: true, event: true, isActive: true },
    });
    if (!subscription) throw new ApiError("NOT_FOUND", "webhooks.notFound");
    if (!subscription.isActive) throw new ApiError("BAD_REQUEST", "webhooks.replayInactive");

    const events = await tx.$queryRaw<{ id: string; createdAt: Date }[]>`
      SELECT e.id, e."createdAt" FROM "WebhookEvent" e
      WHERE e."organizationId" = ${organizationId}::uuid AND e.type = ${subscription.event}
        AND e."createdAt" >= ${new Date(request.since)}::timestamptz
        AND e."createdAt" >= now() - ${webhookRetentionDays()}::int * interval '1 day'
      ORDER BY e."createdAt", e.txid, e.position
      LIMIT ${REPLAY_BATCH + 1}::int`;
    const hasMore = events.length > REPLAY_BATCH;
    const cutoff = hasMore ? events[REPLAY_BATCH]!.createdAt : null;
    // Stop before the first event left out and every other event of its instant, so `nextSince` repeats none.
    const earlier = cutoff ? events.filter((event) => event.createdAt < cutoff) : events;
    const replayed = earlier.length > 0 ? earlier : events.slice(0, REPLAY_BATCH);
    if (replayed.length > 0) {
      await tx.$executeRaw`
        INSERT INTO "WebhookDelivery" (id, "organizationId", "eventId", "subscriptionId", "nextAttemptAt", "updatedAt")
        SELECT gen_random_uuid(), ${organizationId}::uuid, e.id, ${subscription.id}::uuid,
               now() + (e.n - 1) * interval '1 millisecond', now()
        FROM unnest(${replayed.map((event) => event.id)}::text[]) WITH ORDINALITY AS e(id, n)`;
      markWorkQueued(DELIVER_WEBHOOK_JOB_ID);
    }
    return { id: subscription.id, replayed: replayed.length, hasMore, nextSince: cutoff?.toISOString() ?? null };
  });
}
