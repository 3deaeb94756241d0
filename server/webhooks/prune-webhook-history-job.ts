import type { Db } from "../db/client";
import { sqlNow, type Clock } from "../jobs/job-clock";
import { defineScheduledJob } from "../jobs/job-definition";
import { config } from "../config/config";

/**
 * Retention of the delivery log: deliveries that ended (delivered or failed)
 * more than `WEBHOOK_RETENTION_DAYS` ago (default 30) are deleted with their
 * attempts, then events older than that which no delivery refers to any more.
 * Pending deliveries are never pruned, whatever their age. Deleted in batches
 * so no statement holds locks for long; each batch is a step, so a run cut
 * short resumes where it stopped.
 */
const BATCH = 5_000;
const MAX_BATCHES = 100;

export function webhookRetentionDays(): number {
  return config().WEBHOOK_RETENTION_DAYS;
}

export async function pruneFinishedDeliveries(db: Db, clock: Clock, days: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "WebhookDelivery" WHERE id IN (
      SELECT id FROM "WebhookDelivery"
      WHERE status IN ('succeeded', 'failed') AND "completedAt" < ${sqlNow(clock)} - ${days}::int * interval '1 day'
      LIMIT ${BATCH}::int)`;
}

export async function pruneUnreferencedEvents(db: Db, clock: Clock, days: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "WebhookEvent" WHERE id IN (
      SELECT e.id FROM "WebhookEvent" e
      WHERE e."createdAt" < ${sqlNow(clock)} - ${days}::int * interval '1 day'
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e.id)
      LIMIT ${BATCH}::int)`;
}

export const pruneWebhookHistoryJob = defineScheduledJob({
  id: "prune-webhook-history",
  name: "Prune webhook delivery history",
  retries: 3,
  schedule: { every: "hour", atMinute: 17 },
  async run(io, runtime) {
    const days = webhookRetentionDays();
    let deliveries = 0;
    let events = 0;
    for (let batch = 1; batch <= MAX_BATCHES; batch++) {
      const deleted = await io.run(`prune-deliveries-${batch}`, () => pruneFinishedDeliveries(runtime.db, runtime.clock, days));
      deliveries += deleted;
      if (deleted < BATCH) break;
    }
    for (let batch = 1; batch <= MAX_BATCHES; batch++) {
      const deleted = await io.run(`prune-events-${batch}`, () => pruneUnreferencedEvents(runtime.db, runtime.clock, days));
      events += deleted;
      if (deleted < BATCH) break;
    }
    if (deliveries + events > 0) io.logger.info("webhooks.pruned", { deliveries, events, retentionDays: days });
    return { deliveries, events };
  },
});
