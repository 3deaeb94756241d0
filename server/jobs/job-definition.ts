import type { z } from "zod";
import type { JobIo } from "./job-io";
import type { JobRuntime } from "./job-runtime";

/** One piece of due work a claim handed out: a lease on its row until `leasedUntil`. */
export interface ClaimedWork<Input> {
  organizationId: string;
  input: Input;
  /** Unique per claim (row, attempt, lease): the Inngest event id, so a re-sent hand-over starts no second run. */
  key: string;
  /** What the claim already read (embedded driver only; never part of an Inngest event). */
  preloaded?: unknown;
}

export interface ClaimOptions {
  /** Most items this claim takes. */
  limit: number;
  /** How long each claim holds its row. */
  leaseMs: number;
  /** Most items of one organization in flight at once (claimed and not yet recorded), this claim included. */
  perOrganization: number;
}

/**
 * A kind of background work, written once and run by either driver.
 *
 * - Row-claimed jobs (`claimDue`): their work is database rows with a due
 *   time (a delivery, a mail, a contact to dispatch). A claim leases due rows
 *   with `FOR UPDATE SKIP LOCKED` on the database clock, interleaving
 *   organizations; the driver runs `run` for each.
 * - Scheduled jobs (`schedule`): run once per period across every instance
 *   (retention, digests, planners).
 */
export interface JobDefinition<Input extends Record<string, unknown> = Record<string, unknown>> {
  /** Stable id: names the Inngest function and its events; never change it once deployed. */
  id: string;
  name: string;
  /** The work item as it travels in an Inngest event (JSON). */
  input: z.ZodType<Input>;
  /** Step retries under Inngest (a database hiccup), not the job's own schedule of attempts. */
  retries: number;
  claimDue?: (runtime: JobRuntime, options: ClaimOptions) => Promise<ClaimedWork<Input>[]>;
  /** `cron` for Inngest; `everyMs` for the embedded scheduler (the same period). */
  schedule?: { cron: string; everyMs: number };
  /** Runs of one organization executing at once (Inngest `concurrency` keyed by organization; embedded claims honour it). */
  concurrencyPerOrganization: number;
  /** Events that cancel a waiting run under Inngest; the embedded driver reads the rows instead. */
  cancelOn?: { event: string; match: string }[];
  run(io: JobIo, runtime: JobRuntime, work: { input: Input; preloaded?: unknown }): Promise<unknown>;
}

/** Keeps the input type while the registry holds every job as one list. */
export function defineJob<Input extends Record<string, unknown>>(definition: JobDefinition<Input>): JobDefinition<Input> {
  return definition;
}

// The registry holds jobs of different inputs side by side; each job parses its own input.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;
