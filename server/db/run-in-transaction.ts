import { collectQueuedWork } from "../jobs/queued-work";
import { nudgeJobs } from "../jobs/nudge";
import type { Db, DbTx } from "./client";

/**
 * The one way a write runs: inside a transaction, and once it has committed,
 * the background drivers are nudged for the work it queued (outbox rows
 * written in the same transaction). Both doors and every job write through
 * it, so no area code has to remember to nudge, and nothing is nudged for a
 * write that rolled back.
 */
export async function runInTransaction<T>(db: Db, write: (tx: DbTx) => Promise<T>): Promise<T> {
  const { result, queued } = await collectQueuedWork(() => db.$transaction(write));
  nudgeJobs(queued);
  return result;
}
