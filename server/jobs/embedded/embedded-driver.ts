import type { Db } from "../../db/client";
import { logger } from "../../system/logger";
import { databaseClock, type Clock } from "../job-clock";
import type { AnyJobDefinition, ClaimedWork } from "../job-definition";
import type { JobRuntime } from "../job-runtime";
import { jobLeaseMs } from "../lease";
import { claimDueSchedules } from "../scheduled-runs";
import { embeddedIo, JobSuspended } from "./embedded-io";

/**
 * The embedded driver: when Inngest is not configured, this poller in the app
 * process runs every registered job over the same rows Inngest would. Each
 * round it claims due work of each row-claimed job (leases on the database
 * clock, so a crashed process's claims expire and another instance takes
 * them), runs up to `concurrency` jobs at once, starts scheduled jobs whose
 * period has come, and polls every `pollIntervalMs`, sooner when nudged after
 * a commit.
 */

export interface EmbeddedDriverOptions {
  db: Db | (() => Promise<Db>);
  /** The jobs this driver runs (default: every registered job, see `registry.ts`). */
  jobs: readonly AnyJobDefinition[];
  clock?: Clock;
  pollIntervalMs?: number;
  /** Jobs in flight at once, across all kinds. */
  concurrency?: number;
  /** Most rows one claim takes. */
  batchSize?: number;
  /** How long a claim lasts (default `JOB_LEASE_MS`); well above any job's own timeouts, so only a dead worker's claim expires. */
  leaseMs?: number;
  /** Overrides each job's per-organization cap (tests and benchmarks). */
  perOrganization?: number;
}

/**
 * Tuned with bench/webhooks.ts: 64 jobs in flight beat 16 and 32 on the fan-out benchmark (the work is mostly
 * waiting on the network and the database), and a slow receiver (up to the 10 s timeout) ties up fewer of them.
 */
export const EMBEDDED_DEFAULTS = { pollIntervalMs: 1_000, concurrency: 64, batchSize: 64 } as const;
const MAX_ERROR_BACKOFF_MS = 30_000;

interface Claim {
  job: AnyJobDefinition;
  work: ClaimedWork<Record<string, unknown>>;
}

export class EmbeddedDriver {
  private readonly options: Required<Omit<EmbeddedDriverOptions, "db" | "perOrganization" | "leaseMs">> &
    Pick<EmbeddedDriverOptions, "perOrganization" | "leaseMs">;
  private readonly resolveDb: () => Promise<Db>;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private wake: (() => void) | undefined;
  private nudged = false;
  /** Rotates which job claims first, so one kind's backlog does not starve another's. */
  private turn = 0;
  private completionWake: NodeJS.Timeout | undefined;

  constructor(options: EmbeddedDriverOptions) {
    const { db, ...rest } = options;
    this.resolveDb = typeof db === "function" ? db : () => Promise.resolve(db);
    this.options = {
      clock: databaseClock,
      ...EMBEDDED_DEFAULTS,
      ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    } as EmbeddedDriver["options"];
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

  /** Stops claiming, then waits for the jobs in flight to record their outcomes. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claim now rather than at the next poll (e.g. right after a write committed due rows). */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Runs every row-claimed item due now to its next step, then resolves with how many ran. For tests and one-off sweeps; not while started. */
  async runDue(): Promise<number> {
    let processed = 0;
    for (;;) {
      const claimed = await this.claim(this.options.batchSize);
      if (claimed.length === 0) return processed;
      processed += claimed.length;
      await Promise.all(claimed.map((claim) => this.process(claim)));
    }
  }

  /** Runs the scheduled jobs whose period has come (once across instances), then resolves with their ids. */
  async runScheduled(): Promise<string[]> {
    const due = await this.claimSchedules();
    await Promise.all(due.map((job) => this.runScheduledJob(job)));
    return due.map((job) => job.id);
  }

  private async runtime(): Promise<JobRuntime> {
    return { db: await this.resolveDb(), clock: this.options.clock, driver: "embedded" };
  }

  /** One claim per row-claimed job, the job that went first rotating each round, within one budget. */
  private async claim(limit: number): Promise<Claim[]> {
    const runtime = await this.runtime();
    const jobs = this.options.jobs.filter((job) => job.claimDue);
    const claims: Claim[] = [];
    this.turn = (this.turn + 1) % Math.max(jobs.length, 1);
    for (let i = 0; i < jobs.length && claims.length < limit; i++) {
      const job = jobs[(this.turn + i) % jobs.length]!;
      const work = await job.claimDue!(runtime, {
        limit: limit - claims.length,
        leaseMs: this.options.leaseMs ?? jobLeaseMs(),
        perOrganization: this.options.perOrganization ?? job.concurrencyPerOrganization,
      });
      for (const item of work) claims.push({ job, work: item });
    }
    return claims;
  }

  private async claimSchedules(): Promise<AnyJobDefinition[]> {
    const scheduled = this.options.jobs.filter((job) => job.schedule);
    if (scheduled.length === 0) return [];
    const { db, clock } = await this.runtime();
    const due = new Set(await claimDueSchedules(db, clock, scheduled.map((job) => ({ jobId: job.id, everyMs: job.schedule!.everyMs }))));
    return scheduled.filter((job) => due.has(job.id));
  }

  private async process({ job, work }: Claim): Promise<void> {
    try {
      await job.run(embeddedIo, await this.runtime(), { input: work.input, preloaded: work.preloaded });
    } catch (error) {
      if (error instanceof JobSuspended) return;
      // The lease expires and the work is claimed again: nothing is lost, the step is retried.
      logger.error("jobs.embedded_job_failed", { job: job.id, key: work.key, error });
    }
  }

  private async runScheduledJob(job: AnyJobDefinition): Promise<void> {
    try {
      await job.run(embeddedIo, await this.runtime(), { input: {} });
    } catch (error) {
      if (error instanceof JobSuspended) return;
      logger.error("jobs.scheduled_job_failed", { job: job.id, error });
    }
  }

  private track(job: Promise<void>): void {
    const tracked = job.finally(() => {
      this.inFlight.delete(tracked);
      this.claimAgainSoon();
    });
    this.inFlight.add(tracked);
  }

  /**
   * A claim cut short by an organization's cap returns fewer rows than asked
   * while that organization still has due work; the slots its finished jobs
   * free are claimed again a moment later (completions within 20 ms share one
   * claim) rather than at the next poll. When nothing is left, that costs one
   * empty claim after the last job, then the driver polls as usual.
   */
  private claimAgainSoon(): void {
    if (!this.running || this.completionWake) return;
    this.completionWake = setTimeout(() => {
      this.completionWake = undefined;
      this.nudge();
    }, 20);
    this.completionWake.unref();
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
    let nextScheduleCheck = 0;
    while (this.running) {
      const free = this.options.concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      const limit = Math.min(free, this.options.batchSize);
      this.nudged = false;
      try {
        if (Date.now() >= nextScheduleCheck) {
          nextScheduleCheck = Date.now() + this.options.pollIntervalMs;
          for (const job of await this.claimSchedules()) this.track(this.runScheduledJob(job));
        }
        const claimed = await this.claim(limit);
        failures = 0;
        for (const claim of claimed) this.track(this.process(claim));
        if (claimed.length < limit) await this.idle(this.options.pollIntervalMs);
      } catch (error) {
        failures++;
        logger.error("jobs.embedded_claim_failed", { error, failures });
        await this.idle(Math.min(MAX_ERROR_BACKOFF_MS, this.options.pollIntervalMs * 2 ** failures));
      }
    }
  }
}
