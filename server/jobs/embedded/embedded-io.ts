import { logger } from "../../system/logger";
import type { JobIo } from "../job-io";

/**
 * Thrown by the embedded sleeps: the job stops here and its row, which the
 * previous step already stamped with its next due time, is the durable
 * timer. The poller resumes the job when the row is due.
 */
export class JobSuspended extends Error {
  override name = "JobSuspended";
  constructor(readonly key: string, readonly until: string) {
    super(`suspended at ${key} until ${until}`);
  }
}

export const embeddedIo: JobIo = {
  // No memo needed: each step records its outcome in the database before returning.
  run: (_key, fn) => fn(),
  sleep: (key, ms) => Promise.reject(new JobSuspended(key, new Date(Date.now() + ms).toISOString())),
  sleepUntil: (key, atIso) => Promise.reject(new JobSuspended(key, atIso)),
  logger,
};
