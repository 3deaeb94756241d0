import type { z } from "zod";
import type { FairClaimSource, LeaseHandle } from "./fair-claim";
import type { JobIo } from "./job-io";
import type { JobRuntime } from "./job-runtime";
import type { JobSchedule } from "./job-schedule";

/** One piece of due work a claim handed out: a lease on its row. */
export interface ClaimedWork<Input> {
  organizationId: string;
  input: Input;
  /** Unique per claim (row, attempt, lease): the Inngest event id, so a re-sent hand-over starts no second run. */
  key: string;
  /** The claimed row's lease: the embedded driver renews it while the run works and hands it back on shutdown. */
  lease: LeaseHandle;
  /** What the claim already read (used when the run follows in this process; never part of an Inngest event). */
  preloaded?: unknown;
  /** The trace context of the write that queued the row: the run's span continues that trace. */
  traceparent?: string | null;
}

export interface ClaimOptions {
  /** Most items this claim takes. */
  limit: number;
  /** How long each claim holds its row (renewed by the embedded driver's heartbeat while the run works). */
  leaseMs: number;
  /** Most items of one organization in flight at once (claimed and not yet recorded), this claim included. */
  perOrganization: number;
}

interface JobBase {
  /** Stable id: names the Inngest function and its events; never change it once deployed. */
  id: string;
  name: string;
  /** Step retries under Inngest (a database hiccup), not the job's own schedule of attempts. */
  retries: number;
}

/**
 * Work that is database rows with a due time (a delivery, a mail, a contact
 * to dispatch, a deferred job). A claim leases due rows fairly across
 * organizations (`claimFairly`); the driver runs `run` once per claimed row.
 */
export interface RowClaimedJob<Input extends Record<string, unknown> = Record<string, unknown>> extends JobBase {
  kind: "row-claimed";
  /** The work item as it travels in an Inngest event (JSON). */
  input: z.ZodType<Input>;
  /** Runs of one organization executing at once (Inngest `concurrency` keyed by organization; embedded claims honour it). */
  concurrencyPerOrganization: number;
  /** The rows its claim takes (also what the backlog metrics count). */
  source: FairClaimSource;
  claimDue(runtime: JobRuntime, options: ClaimOptions): Promise<ClaimedWork<Input>[]>;
  run(io: JobIo, runtime: JobRuntime, work: { input: Input; preloaded?: unknown }): Promise<unknown>;
}

/** A periodic sweep (retention, digests, planners), run once per period across every instance; it takes no input. */
export interface ScheduledJob extends JobBase {
  kind: "scheduled";
  schedule: JobSchedule;
  run(io: JobIo, runtime: JobRuntime): Promise<unknown>;
}

/** A kind of background work, written once and run by either driver. */
// The registry holds row-claimed jobs of different inputs side by side; each parses its own input.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobDefinition = RowClaimedJob<any> | ScheduledJob;

/** Keeps the input type of a row-claimed job while the registry holds every job as one list. */
export function defineRowClaimedJob<Input extends Record<string, unknown>>(definition: Omit<RowClaimedJob<Input>, "kind">): RowClaimedJob<Input> {
  return { kind: "row-claimed", ...definition };
}

export function defineScheduledJob(definition: Omit<ScheduledJob, "kind">): ScheduledJob {
  return { kind: "scheduled", ...definition };
}
