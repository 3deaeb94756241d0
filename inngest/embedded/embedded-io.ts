import { logger } from "../../server/system/logger";
import type { JobIo } from "../io";

/**
 * Thrown by the embedded `sleep`: the job stops here and its row, which the
 * previous step already stamped with `nextAttemptAt`, is the durable timer.
 * The poller resumes the job when the row is due.
 */
export class JobSuspended extends Error {
  override name = "JobSuspended";
  constructor(readonly key: string, readonly ms: number) {
    super(`suspended at ${key} for ${ms} ms`);
  }
}

export const embeddedIo: JobIo = {
  // No memo needed: each step records its outcome in the database before returning.
  run: (_key, fn) => fn(),
  sleep: (key, ms) => Promise.reject(new JobSuspended(key, ms)),
  logger,
};
