import { AsyncLocalStorage } from "node:async_hooks";
import { collectQueuedWork } from "../jobs/queued-work";
import { nudgeJobs } from "../jobs/nudge";
import type { Db, DbTx } from "./client";

/** The transaction a write is running in, so a write it calls joins it instead of opening a second one. */
const current = new AsyncLocalStorage<{ db: Db; tx: DbTx }>();

/**
 * The one way a write runs: inside a transaction, and once it has committed,
 * the background drivers are nudged for the work it queued (outbox rows
 * written in the same transaction). Both doors and every job write through
 * it, so no area code has to remember to nudge, and nothing is nudged for a
 * write that rolled back.
 *
 * A write called from inside another write on the same database joins the
 * outer transaction (one commit, one nudge): an inbound WhatsApp message
 * creates its lead through `createLead` and logs itself on it atomically,
 * instead of holding a second connection while the first waits.
 */
/** Whether the caller runs inside a write's transaction on `db` (a write it calls would join it). */
export function insideTransaction(db: Db): boolean {
  return current.getStore()?.db === db;
}

export async function runInTransaction<T>(db: Db, write: (tx: DbTx) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer && outer.db === db) return write(outer.tx);
  const { result, queued } = await collectQueuedWork(() => db.$transaction((tx) => current.run({ db, tx }, () => write(tx))));
  nudgeJobs(queued);
  return result;
}
