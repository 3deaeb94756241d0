import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which jobs a transaction gave new work to (a delivery, a mail, a contact
 * to dispatch). Writers mark it when they insert the rows; the transaction
 * helper reads it after commit and nudges the drivers for exactly those jobs.
 */
const storage = new AsyncLocalStorage<Set<string>>();

export function collectQueuedWork<T>(fn: () => Promise<T>): Promise<{ result: T; queued: ReadonlySet<string> }> {
  const queued = new Set<string>();
  return storage.run(queued, async () => ({ result: await fn(), queued }));
}

/** Called by a writer that inserted due rows for `jobId` in the current transaction. */
export function markWorkQueued(jobId: string): void {
  storage.getStore()?.add(jobId);
}
