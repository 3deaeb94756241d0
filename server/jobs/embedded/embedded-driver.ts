import type { Db } from "../../db/client";
import { logger } from "../../system/logger";
import { EMBEDDED_POLICY } from "../driver-policy";
import { databaseClock, type Clock } from "../job-clock";
import type { ClaimedWork, JobDefinition, RowClaimedJob, ScheduledJob } from "../job-definition";
import type { JobRuntime } from "../job-runtime";
import { minutePeriodMs, periodMsOf } from "../job-schedule";
import { jobLeaseMs, shutdownTimeoutMs } from "../lease";
import { claimDueSchedules, releaseScheduledRun, type ScheduledRunClaim } from "../scheduled-runs";
import { embeddedIo, JobSuspended } from "./embedded-io";
import { LeaseKeeper } from "./lease-keeper";
import { observeJobRun } from "../../observability/job-telemetry";

/**
 * The embedded driver: when Inngest is not configured, this poller in the app
 * process runs every registered job over the same rows Inngest would. Each
 * round it claims due work of each row-claimed job (leases on the database
 * clock, renewed while the work runs, so a dead process's claims expire
 * within one lease and another instance takes them), runs up to
 * `concurrency` jobs at once, starts scheduled jobs whose period has come,
 * and polls every `pollIntervalMs`, sooner when nudged after a commit.
 */

export interface EmbeddedDriverOptions {
  db: Db | (() => Promise<Db>);
  /** The jobs this driver runs (default: every registered job, see `registry.ts`). */
  jobs: readonly JobDefinition[];
  clock?: Clock;
  pollIntervalMs?: number;
  /** Jobs in flight at once, across all kinds. */
  concurrency?: number;
  /** Most rows one claim takes. */
  batchSize?: number;
  /** How long a claim lasts without a heartbeat (default `JOB_LEASE_MS`); renewed every third of it while its work runs. */
  leaseMs?: number;
  /** The period of the jobs scheduled every minute (default `JOB_MINUTE_PERIOD_MS`, a minute). */
  minutePeriodMs?: number;
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
  job: RowClaimedJob;
  work: ClaimedWork<Record<string, unknown>>;
}

interface ScheduledClaim {
  job: ScheduledJob;
  claim: ScheduledRunClaim;
}

/** A run that suspended itself until later (a wait the poller resumes) ended its turn normally: not a failed run in the metrics and traces. */
function suspendedAsDone(run: Promise<unknown>): Promise<unknown> {
  return run.catch((error: unknown) => {
    if (error instanceof JobSuspended) return undefined;
    throw error;
  });
}

export class EmbeddedDriver {
  private readonly options: Required<Omit<EmbeddedDriverOptions, "db" | "perOrganization">> & Pick<EmbeddedDriverOptions, "perOrganization">;
  private readonly resolveDb: () => Promise<Db>;
  private readonly leases: LeaseKeeper;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  /** Scheduled runs under way, handed back at shutdown if they have not finished. */
  private readonly scheduledRuns = new Set<ScheduledRunClaim>();
  private wake: (() => void) | undefined;
  private nudged = false;
  private nextScheduleCheck = 0;
  /** Rotates which job claims first, so one kind's backlog does not starve another's. */
  private turn = 0;
  private completionWake: NodeJS.Timeout | undefined;

  constructor(options: EmbeddedDriverOptions) {
    const { db, ...rest } = options;
    this.resolveDb = typeof db === "function" ? db : () => Promise.resolve(db);
    this.options = {
      clock: databaseClock,
      ...EMBEDDED_DEFAULTS,
      leaseMs: jobLeaseMs(),
      minutePeriodMs: minutePeriodMs(),
      ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    } as EmbeddedDriver["options"];
    this.leases = new LeaseKeeper(this.resolveDb, this.options.clock, this.options.leaseMs);
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

  /**
   * Stops claiming, then lets the jobs in flight record their outcomes for up
   * to `timeoutMs` (default `SHUTDOWN_TIMEOUT_MS`). Whatever is still running
   * then is handed back: its rows are free at once for another instance (an
   * attempt cut short is not a failed attempt), and a scheduled run not
   * finished is due again. Resolves with how many claims were handed back.
   */
  async stop(options: { timeoutMs?: number } = {}): Promise<{ handedBack: number }> {
    if (!this.running) return { handedBack: 0 };
    this.running = false;
    this.wake?.();
    await this.loop;
    const timeoutMs = options.timeoutMs ?? shutdownTimeoutMs();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled([...this.inFlight]).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (finished) return { handedBack: 0 };
    return { handedBack: await this.handBack() };
  }

  private async handBack(): Promise<number> {
    const scheduled = [...this.scheduledRuns];
    this.scheduledRuns.clear();
    try {
      const rows = await this.leases.releaseAll();
      const db = await this.resolveDb();
      for (const claim of scheduled) await releaseScheduledRun(db, claim);
      logger.info("jobs.handed_back", { claims: rows, scheduledRuns: scheduled.length });
      return rows + scheduled.length;
    } catch (error) {
      // The leases then expire on their own, one lease from the last heartbeat.
      logger.error("jobs.hand_back_failed", { error });
      return 0;
    }
  }

  /** Claim now rather than at the next poll (e.g. right after a write committed due rows or made a schedule due). */
  nudge(): void {
    this.nudged = true;
    this.nextScheduleCheck = 0;
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
    await Promise.all(due.map((scheduled) => this.runScheduledJob(scheduled)));
    return due.map(({ job }) => job.id);
  }

  /** One round of everything due, as the poller does it: scheduled jobs whose period has come, then row-claimed work due now. */
  async runOnce(): Promise<number> {
    await this.runScheduled();
    return this.runDue();
  }

  private async runtime(): Promise<JobRuntime> {
    return { db: await this.resolveDb(), clock: this.options.clock, policy: EMBEDDED_POLICY };
  }

  /** One claim per row-claimed job, the job that went first rotating each round, within one budget. */
  private async claim(limit: number): Promise<Claim[]> {
    const runtime = await this.runtime();
    const jobs = this.options.jobs.filter((job): job is RowClaimedJob => job.kind === "row-claimed");
    const claims: Claim[] = [];
    this.turn = (this.turn + 1) % Math.max(jobs.length, 1);
    for (let i = 0; i < jobs.length && claims.length < limit; i++) {
      const job = jobs[(this.turn + i) % jobs.length]!;
      const work = await job.claimDue(runtime, {
        limit: limit - claims.length,
        leaseMs: this.options.leaseMs,
        perOrganization: this.options.perOrganization ?? job.concurrencyPerOrganization,
      });
      for (const item of work) claims.push({ job, work: item });
    }
    return claims;
  }

  private async claimSchedules(): Promise<ScheduledClaim[]> {
    const scheduled = this.options.jobs.filter((job): job is ScheduledJob => job.kind === "scheduled");
    if (scheduled.length === 0) return [];
    const { db, clock } = await this.runtime();
    const claims = await claimDueSchedules(db, clock, scheduled.map((job) => ({ jobId: job.id, periodMs: this.periodMsOf(job) })));
    return claims.flatMap((claim) => scheduled.filter((job) => job.id === claim.jobId).map((job) => ({ job, claim })));
  }

  private periodMsOf(job: ScheduledJob): number {
    return job.schedule.every === "minute" ? this.options.minutePeriodMs : periodMsOf(job.schedule);
  }

  private async process({ job, work }: Claim): Promise<void> {
    const letGo = this.leases.hold(work.lease);
    try {
      const runtime = await this.runtime();
      await observeJobRun(job.id, work.traceparent, () => suspendedAsDone(job.run(embeddedIo, runtime, { input: work.input, preloaded: work.preloaded })));
    } catch (error) {
      // The lease expires and the work is claimed again: nothing is lost, the step is retried.
      logger.error("jobs.embedded_job_failed", { job: job.id, key: work.key, error });
    } finally {
      letGo();
    }
  }

  private async runScheduledJob({ job, claim }: ScheduledClaim): Promise<void> {
    this.scheduledRuns.add(claim);
    try {
      const runtime = await this.runtime();
      await observeJobRun(job.id, null, () => suspendedAsDone(job.run(embeddedIo, runtime)));
    } catch (error) {
      logger.error("jobs.scheduled_job_failed", { job: job.id, error });
    } finally {
      this.scheduledRuns.delete(claim);
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
      this.nudged = true;
      this.wake?.();
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

  /** Waits until a job in flight finishes, or until woken (a stop must not wait for work that hangs). */
  private roomOrStop(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      void Promise.race(this.inFlight).then(() => resolve());
    });
  }

  private async pump(): Promise<void> {
    let failures = 0;
    while (this.running) {
      const free = this.options.concurrency - this.inFlight.size;
      if (free <= 0) {
        await this.roomOrStop();
        continue;
      }
      const limit = Math.min(free, this.options.batchSize);
      this.nudged = false;
      try {
        if (Date.now() >= this.nextScheduleCheck) {
          this.nextScheduleCheck = Date.now() + this.options.pollIntervalMs;
          for (const scheduled of await this.claimSchedules()) this.track(this.runScheduledJob(scheduled));
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
