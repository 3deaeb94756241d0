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
 * instead of holding a second connection while the first waits. A joined
 * write that must leave nothing behind when it fails (the outer write may
 * catch the failure and go on) runs through `runAtomically`.
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

let savepoints = 0;

/**
 * Like `runInTransaction`, and all or nothing even when it joins an outer
 * write: joined, it runs inside a savepoint that is rolled back when it
 * throws, so an outer write that catches the failure (an inbound message
 * kept without the lead the plan had no room for) commits none of its rows.
 */
export async function runAtomically<T>(db: Db, write: (tx: DbTx) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (!outer || outer.db !== db) return runInTransaction(db, write);
  const savepoint = `atomic_write_${++savepoints}`;
  await outer.tx.$executeRawUnsafe(`SAVEPOINT ${savepoint}`);
  try {
    const result = await write(outer.tx);
    await outer.tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${savepoint}`);
    return result;
  } catch (error) {
    await outer.tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${savepoint}`);
    throw error;
  }
}
