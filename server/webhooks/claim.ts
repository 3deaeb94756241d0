import { Prisma } from "../db/generated/client";
import type { Db } from "../db/client";
import { sqlNow, sqlNowPlus, type Clock } from "../jobs/job-clock";
import { DELIVERY_ROW_COLUMNS, type DeliveryRow } from "./attempt";

/**
 * Claims deliveries that are due: pending, `nextAttemptAt` reached, and not
 * reserved by anyone else (or reserved by a worker whose lease has expired,
 * e.g. one that crashed mid-attempt). The lease (`lockedUntil`) keeps the
 * claim after the statement commits, so no transaction stays open across the
 * HTTP request; `FOR UPDATE SKIP LOCKED` lets several workers claim side by
 * side without waiting on each other or taking the same row. Times are the
 * database's (`now()`), so instances with skewed clocks agree on leases.
 *
 * Fairness: due rows are taken per endpoint (target URL) and interleaved,
 * first across endpoints within an organization, then across organizations,
 * and an organization never has more than `perOrganization` deliveries in
 * flight (claimed and not yet recorded, this claim included). One tenant's
 * flood, or its endpoints hanging until the timeout, can hold at most that
 * many workers; everyone else's deliveries are claimed on the next poll.
 */

export interface ClaimedDelivery {
  deliveryId: string;
  organizationId: string;
  /** The attempt the claimer is to make (1-based). */
  attempt: number;
  /** End of the lease; also makes an idempotency key for the claim. */
  lockedUntil: string;
}

export interface ClaimDeliveriesOptions {
  clock: Clock;
  limit: number;
  leaseMs: number;
  perOrganization: number;
}

function fairlyDueIds(options: ClaimDeliveriesOptions): Prisma.Sql {
  const now = sqlNow(options.clock);
  const { limit, perOrganization } = options;
  // Each subscription offers its oldest due rows (an index range scan per subscription that has any).
  return Prisma.sql`
    WITH due AS (
      SELECT c.id, c."organizationId", c."nextAttemptAt", s."targetUrl"
      FROM "WebhookSubscription" s
      CROSS JOIN LATERAL (
        SELECT d.id, d."organizationId", d."nextAttemptAt"
        FROM "WebhookDelivery" d
        WHERE d."subscriptionId" = s.id AND d.status = 'pending' AND d."nextAttemptAt" <= ${now}
          AND (d."lockedUntil" IS NULL OR d."lockedUntil" <= ${now})
        ORDER BY d."nextAttemptAt"
        LIMIT ${perOrganization}::int
      ) c
    ), in_flight AS (
      SELECT d."organizationId", count(*)::int AS n
      FROM "WebhookDelivery" d
      WHERE d."organizationId" IN (SELECT DISTINCT "organizationId" FROM due)
        AND d.status = 'pending' AND d."lockedUntil" > ${now} AND d."nextAttemptAt" <= ${now}
      GROUP BY d."organizationId"
    ), by_endpoint AS (
      SELECT due.*, row_number() OVER (PARTITION BY due."organizationId", due."targetUrl" ORDER BY due."nextAttemptAt", due.id) AS endpoint_turn
      FROM due
    ), by_organization AS (
      SELECT b.*, row_number() OVER (PARTITION BY b."organizationId" ORDER BY b.endpoint_turn, b."nextAttemptAt", b.id) AS organization_turn
      FROM by_endpoint b
    )
    SELECT o.id FROM by_organization o
    LEFT JOIN in_flight f ON f."organizationId" = o."organizationId"
    WHERE o.organization_turn <= ${perOrganization}::int - COALESCE(f.n, 0)
    ORDER BY o.organization_turn, o."nextAttemptAt", o.id
    LIMIT ${limit}::int`;
}

/** Locks the chosen rows, re-checking under the lock that they are still free (another claimer may have won). */
function lockedDue(options: ClaimDeliveriesOptions): Prisma.Sql {
  const now = sqlNow(options.clock);
  return Prisma.sql`
    SELECT d.id FROM "WebhookDelivery" d
    WHERE d.id IN (${fairlyDueIds(options)})
      AND d.status = 'pending' AND (d."lockedUntil" IS NULL OR d."lockedUntil" <= ${now})
    FOR UPDATE SKIP LOCKED`;
}

export async function claimDueDeliveries(db: Db, options: ClaimDeliveriesOptions): Promise<ClaimedDelivery[]> {
  const rows = await db.$queryRaw<{ id: string; organizationId: string; attemptCount: number; lockedUntil: Date }[]>`
    UPDATE "WebhookDelivery" d
    SET "lockedUntil" = ${sqlNowPlus(options.clock, options.leaseMs)}
    FROM (${lockedDue(options)}) claimed
    WHERE d.id = claimed.id
    RETURNING d.id, d."organizationId", d."attemptCount", d."lockedUntil"`;
  return rows.map(toClaim);
}

/**
 * The same claim, returning what the attempt needs in the same statement: the
 * embedded driver attempts right away, so this saves a read per delivery.
 */
export async function claimDueDeliveriesWithRows(
  db: Db,
  options: ClaimDeliveriesOptions,
): Promise<(ClaimedDelivery & { row: DeliveryRow })[]> {
  const rows = await db.$queryRaw<(DeliveryRow & { organizationId: string; lockedUntil: Date })[]>`
    UPDATE "WebhookDelivery" d
    SET "lockedUntil" = ${sqlNowPlus(options.clock, options.leaseMs)}
    FROM (${lockedDue(options)}) claimed, "WebhookEvent" e, "WebhookSubscription" s
    WHERE d.id = claimed.id AND e.id = d."eventId" AND s.id = d."subscriptionId"
    RETURNING ${DELIVERY_ROW_COLUMNS}, d."organizationId", d."lockedUntil"`;
  return rows.map((row) => {
    const { organizationId: _organizationId, lockedUntil: _lockedUntil, ...delivery } = row;
    return { ...toClaim(row), row: delivery };
  });
}

function toClaim(row: { id: string; organizationId: string; attemptCount: number; lockedUntil: Date }): ClaimedDelivery {
  return {
    deliveryId: row.id,
    organizationId: row.organizationId,
    attempt: row.attemptCount + 1,
    lockedUntil: row.lockedUntil.toISOString(),
  };
}
