import type { Db } from "../db/client";
import { DELIVERY_ROW_COLUMNS, type DeliveryRow } from "./attempt";

/**
 * Claims deliveries that are due: pending, `nextAttemptAt` reached, and not
 * reserved by anyone else (or reserved by a worker whose lease has expired,
 * e.g. one that crashed mid-attempt). `FOR UPDATE SKIP LOCKED` lets several
 * workers claim side by side without waiting on each other or taking the same
 * row; the lease (`lockedUntil`) keeps the claim after the statement commits,
 * so no transaction stays open across the HTTP request.
 */

export interface ClaimedDelivery {
  deliveryId: string;
  /** The attempt the claimer is to make (1-based). */
  attempt: number;
  /** End of the lease; also makes an idempotency key for the claim. */
  lockedUntil: string;
}

export async function claimDueDeliveries(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const { now, limit, leaseMs } = options;
  const lockedUntil = new Date(now.getTime() + leaseMs);
  const rows = await db.$queryRaw<{ id: string; attemptCount: number }[]>`
    UPDATE "WebhookDelivery" d
    SET "lockedUntil" = ${lockedUntil}::timestamptz
    FROM (
      SELECT id FROM "WebhookDelivery"
      WHERE status = 'pending' AND "nextAttemptAt" <= ${now}::timestamptz
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now}::timestamptz)
      ORDER BY "nextAttemptAt"
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE d.id = due.id
    RETURNING d.id, d."attemptCount"`;
  return rows.map((row) => ({ deliveryId: row.id, attempt: row.attemptCount + 1, lockedUntil: lockedUntil.toISOString() }));
}

/**
 * The same claim, returning what the attempt needs in the same statement: the
 * embedded driver attempts right away, so this saves a read per delivery.
 */
export async function claimDueDeliveriesWithRows(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<(ClaimedDelivery & { row: DeliveryRow })[]> {
  const { now, limit, leaseMs } = options;
  const lockedUntil = new Date(now.getTime() + leaseMs);
  const rows = await db.$queryRaw<DeliveryRow[]>`
    UPDATE "WebhookDelivery" d
    SET "lockedUntil" = ${lockedUntil}::timestamptz
    FROM (
      SELECT id FROM "WebhookDelivery"
      WHERE status = 'pending' AND "nextAttemptAt" <= ${now}::timestamptz
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now}::timestamptz)
      ORDER BY "nextAttemptAt"
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    ) due, "WebhookEvent" e, "WebhookSubscription" s
    WHERE d.id = due.id AND e.id = d."eventId" AND s.id = d."subscriptionId"
    RETURNING ${DELIVERY_ROW_COLUMNS}`;
  return rows.map((row) => ({ deliveryId: row.id, attempt: row.attemptCount + 1, lockedUntil: lockedUntil.toISOString(), row }));
}
