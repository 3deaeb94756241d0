import { getDb } from "../server/db";
import { systemClock } from "../server/webhooks/clock";
import type { EngineDeps } from "../server/webhooks/engine";
import { sendHttps } from "../server/webhooks/http-sender";
import { deliverySettings } from "../server/webhooks/settings";

/**
 * How long the sweeper's hand-over to a `deliver-webhook` run (and a sleeping
 * run's hold on its delivery) lasts. If the run vanishes, the delivery becomes
 * claimable again this long after it was due, and a new run takes over; a
 * late original run then finds its attempt superseded and stops.
 */
export const HANDOFF_LEASE_MS = 15 * 60_000;

/** The engine as Inngest functions run it in production. */
export async function inngestEngineDeps(): Promise<EngineDeps> {
  return {
    db: await getDb(),
    clock: systemClock,
    send: sendHttps,
    settings: deliverySettings,
    holdAfterFailure: (nextAttemptAt) => new Date(nextAttemptAt.getTime() + HANDOFF_LEASE_MS),
  };
}
