import { claimDueDeliveries } from "../../server/webhooks/claim";
import type { EngineDeps } from "../../server/webhooks/engine";
import { inngest, WEBHOOK_DELIVERIES_RECORDED, WEBHOOK_DELIVERY_DUE } from "../client";
import { HANDOFF_LEASE_MS, inngestEngineDeps } from "../engine-deps";

const BATCH_SIZE = 200;
const MAX_BATCHES = 25;

/**
 * Hands due deliveries to `deliver-webhook` runs. Deliveries are rows written
 * in the writer's transaction, so nothing depends on an event reaching
 * Inngest: the sweeper runs every minute, and sooner when a writer sends
 * `webhooks/deliveries.recorded` after its commit. Each claim is a lease; the
 * event id is derived from it, so a retried send cannot start two runs.
 */
export function createSweepWebhookDeliveriesFunction(resolveDeps: () => Promise<EngineDeps>) {
  return inngest.createFunction(
    {
      id: "sweep-webhook-deliveries",
      name: "Sweep due webhook deliveries",
      triggers: [{ cron: "* * * * *" }, { event: WEBHOOK_DELIVERIES_RECORDED }],
      concurrency: { limit: 1 },
    },
    async ({ step }) => {
      let dispatched = 0;
      for (let batch = 1; batch <= MAX_BATCHES; batch++) {
        const claimed = await step.run(`claim-due-${batch}`, async () => {
          const deps = await resolveDeps();
          return claimDueDeliveries(deps.db, { now: deps.clock(), limit: BATCH_SIZE, leaseMs: HANDOFF_LEASE_MS });
        });
        if (claimed.length === 0) break;
        await step.sendEvent(
          `dispatch-${batch}`,
          claimed.map((claim) => ({
            name: WEBHOOK_DELIVERY_DUE,
            id: `${claim.deliveryId}-${claim.attempt}-${Date.parse(claim.lockedUntil)}`,
            data: { deliveryId: claim.deliveryId, attempt: claim.attempt },
          })),
        );
        dispatched += claimed.length;
        if (claimed.length < BATCH_SIZE) break;
      }
      return { dispatched };
    },
  );
}

export const sweepWebhookDeliveries = createSweepWebhookDeliveriesFunction(inngestEngineDeps);
