import type { Db } from "../db/client";
import type { Clock } from "./job-clock";

/** Which driver runs the jobs of this process (for logs and the drivers themselves; job code reads `DriverPolicy`). */
export type JobDriverKind = "embedded" | "inngest";

/**
 * The rules that differ between drivers, handed to job code as data so a job
 * body never asks which driver runs it.
 */
export interface DriverPolicy {
  /**
   * How far ahead of its due time a claim may hand work to a run that waits
   * for it. The Inngest sweeper runs once a minute, so it hands over what
   * comes due before its next sweep and each run sleeps until its time; the
   * embedded poller claims only what is due now (0).
   */
  lookAheadMs: number;
  /**
   * How long past its next due time a failed attempt's row stays reserved for
   * the run that made it. A sleeping Inngest run owns its row while it waits
   * for the retry; the embedded driver releases it (null) and any instance
   * claims it when it is due.
   */
  holdAfterFailureMs: number | null;
}

/** What every job body runs with, handed in by its driver: the database, the clock leases and due times are compared against, and the driver's policy. */
export interface JobRuntime {
  db: Db;
  clock: Clock;
  policy: DriverPolicy;
}
