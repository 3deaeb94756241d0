import type { Db } from "../../server/db/client";
import { logger } from "../../server/system/logger";
import type { DeliveryRow } from "../../server/webhooks/attempt";
import { claimDueDeliveriesWithRows, type ClaimedDelivery } from "../../server/webhooks/claim";
import { systemClock, type Clock } from "../../server/webhooks/clock";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import type { EngineDeps } from "../../server/webhooks/engine";
import { sendHttps, type Sender } from "../../server/webhooks/http-sender";
import { deliverySettings, type DeliverySettings } from "../../server/webhooks/settings";
import { embeddedIo, JobSuspended } from "./embedded-io";

/**
 * The embedded driver: when Inngest is not configured, this poller in the app
 * process runs the same delivery job over the same rows. It claims due
 * deliveries with a lease (so a crashed process's claims expire and are taken
 * again), runs up to `concurrency` jobs at once, and polls every
 * `pollIntervalMs`, sooner when nudged after a write.
 */

export interface EmbeddedDriverOptions {
  db: Db | (() => Promise<Db>);
  clock?: Clock;
  send?: Sender;
  settings?: () => DeliverySettings;
  pollIntervalMs?: number;
  /** Jobs in flight at once. */
  concurrency?: number;
  /** Most rows one claim takes. */
  batchSize?: number;
  /** How long a claim lasts; well above the attempt timeout, so only a dead worker's claim expires. */
  leaseMs?: number;
}

type Claim = ClaimedDelivery & { row: DeliveryRow };

/**
 * Tuned with bench/webhooks.ts: 64 jobs in flight beat 16 and 32 on the fan-out benchmark (the work is mostly
 * waiting on the network and the database), and a slow receiver (up to the 10 s timeout) ties up fewer of them.
 */
export const EMBEDDED_DEFAULTS = { pollIntervalMs: 1_000, concurrency: 64, batchSize: 64, leaseMs: 2 * 60_000 } as const;
const MAX_ERROR_BACKOFF_MS = 30_000;

export class EmbeddedWebhookDriver {
  private readonly options: Required<Omit<EmbeddedDriverOptions, "db">>;
  private readonly resolveDb: () => Promise<Db>;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private wake: (() => void) | undefined;
  private nudged = false;

  constructor(options: EmbeddedDriverOptions) {
    const { db, ...rest } = options;
    this.resolveDb = typeof db === "function" ? db : () => Promise.resolve(db);
    this.options = {
      clock: systemClock,
      send: sendHttps,
      settings: deliverySettings,
      ...EMBEDDED_DEFAULTS,
      ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    };
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts polling; calling it again while running does nothing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.pump();
  }

  /** Stops claiming, then waits for the jobs in flight to record their attempts. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claim now rather than at the next poll (e.g. right after a write committed deliveries). */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Runs every delivery due now to its next step, then resolves. For tests and one-off sweeps; not while started. */
  async runDue(): Promise<number> {
    let processed = 0;
    for (;;) {
      const claimed = await this.claim(this.options.batchSize);
      if (claimed.length === 0) return processed;
      processed += claimed.length;
      await Promise.all(claimed.map((claim) => this.process(claim)));
    }
  }

  private async deps(): Promise<EngineDeps> {
    const { clock, send, settings } = this.options;
    // Released after a failure: the row's nextAttemptAt is the timer, and any poller may take it then.
    return { db: await this.resolveDb(), clock, send, settings, holdAfterFailure: () => null };
  }

  private async claim(limit: number): Promise<Claim[]> {
    const db = await this.resolveDb();
    return claimDueDeliveriesWithRows(db, { now: this.options.clock(), limit, leaseMs: this.options.leaseMs });
  }

  private async process(claim: Claim): Promise<void> {
    try {
      await deliverWebhookJob(embeddedIo, await this.deps(), { deliveryId: claim.deliveryId, attempt: claim.attempt, preloaded: claim.row });
    } catch (error) {
      if (error instanceof JobSuspended) return;
      // The lease expires and the delivery is claimed again: nothing is lost, the attempt is retried.
      logger.error("webhooks.embedded_job_failed", { deliveryId: claim.deliveryId, attempt: claim.attempt, error });
    }
  }

  private idle(ms: number): Promise<void> {
    if (this.nudged || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async pump(): Promise<void> {
    let failures = 0;
    while (this.running) {
      const free = this.options.concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      const limit = Math.min(free, this.options.batchSize);
      this.nudged = false;
      try {
        const claimed = await this.claim(limit);
        failures = 0;
        for (const claim of claimed) {
          const job = this.process(claim).finally(() => this.inFlight.delete(job));
          this.inFlight.add(job);
        }
        if (claimed.length < limit) await this.idle(this.options.pollIntervalMs);
      } catch (error) {
        failures++;
        logger.error("webhooks.embedded_claim_failed", { error, failures });
        await this.idle(Math.min(MAX_ERROR_BACKOFF_MS, this.options.pollIntervalMs * 2 ** failures));
      }
    }
  }
}
