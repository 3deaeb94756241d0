import type { Db } from "../db/client";
import type { Clock } from "./job-clock";

/** Which driver runs the jobs of this process. */
export type JobDriverKind = "embedded" | "inngest";

/**
 * What every job body runs with, handed in by its driver: the database, the
 * clock leases and due times are compared against, and which driver it is
 * (a few rules differ: under Inngest a sleeping run keeps its row reserved,
 * the embedded poller releases it).
 */
export interface JobRuntime {
  db: Db;
  clock: Clock;
  driver: JobDriverKind;
}
