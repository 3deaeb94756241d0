import { Prisma } from "../db/generated/client";
import type { Db } from "../db/client";
import { claimFairly, leaseOf, type FairClaimOptions, type FairClaimSource, type LeaseHandle } from "../jobs/fair-claim";
import type { Clock } from "../jobs/job-clock";
import { DELIVERY_ROW_COLUMNS, type DeliveryRow } from "./attempt";

/**
 * Deliveries as the fair claim sees them (server/jobs/fair-claim.ts): a
 * pending delivery is due at `nextAttemptAt`; within an organization its
 * endpoints (target URLs) take turns, so one flooded or hanging endpoint
 * does not hold up the organization's others. Each subscription offers only
 * its oldest due rows (one index range scan per subscription that has any).
 * The claim reads what the attempt needs in the same statement (one join
 * over delivery, event and subscription), so a run in this process need not
 * read its row again; the Inngest sweeper sends only ids.
 */
export const deliverySource: FairClaimSource = {
  table: "WebhookDelivery",
  dueAt: Prisma.sql`t."nextAttemptAt"`,
  open: Prisma.sql`t.status = 'pending'`,
  candidates: ({ now, horizon, perOrganization }) => Prisma.sql`
    SELECT c.id, c."organizationId", c."nextAttemptAt" AS "dueAt", s."targetUrl" AS lane
    FROM "WebhookSubscription" s
    CROSS JOIN LATERAL (
      SELECT t.id, t."organizationId", t."nextAttemptAt"
      FROM "WebhookDelivery" t
      WHERE t."subscriptionId" = s.id AND t.status = 'pending' AND t."nextAttemptAt" <= ${horizon}
        AND (t."lockedUntil" IS NULL OR t."lockedUntil" <= ${now})
      ORDER BY t."nextAttemptAt"
      LIMIT ${perOrganization}::int
    ) c`,
  join: {
    from: Prisma.sql`, "WebhookEvent" e, "WebhookSubscription" s`,
    where: Prisma.sql`AND e.id = t."eventId" AND s.id = t."subscriptionId"`,
  },
  returning: Prisma.sql`, ${DELIVERY_ROW_COLUMNS}`,
};

export interface ClaimedDelivery {
  deliveryId: string;
  organizationId: string;
  /** The attempt the claimer is to make (1-based). */
  attempt: number;
  lease: LeaseHandle;
  /** What the attempt needs, read by the claim. */
  row: DeliveryRow;
  /** Set when handed over before it is due (ISO 8601). */
  waitUntil?: string;
  traceparent: string | null;
}

export async function claimDueDeliveries(db: Db, clock: Clock, options: FairClaimOptions): Promise<ClaimedDelivery[]> {
  const rows = await claimFairly<DeliveryRow>(db, clock, deliverySource, options);
  return rows.map((claimed) => {
    const { organizationId, lockedUntil: _lockedUntil, dueAt, early, traceparent, ...row } = claimed;
    const attempt = row.attemptCount + 1;
    const lease = leaseOf(deliverySource, claimed);
    return { deliveryId: row.id, organizationId: organizationId!, attempt, lease, row, traceparent, ...(early ? { waitUntil: dueAt.toISOString() } : {}) };
  });
}
