import type { PrismaClient } from "../db/generated/client";
import { chargeMonthlyUsage } from "./monthly-usage";

/** How long usage without a monthly ceiling waits in memory before it is written, summed per organization. */
const FLUSH_AFTER_MS = 1_000;

const globalForUsage = globalThis as unknown as {
  inmoBufferedUsage?: {
    pending: Map<string, { db: Pick<PrismaClient, "$queryRaw">; units: number }>;
    timer?: NodeJS.Timeout;
    /** Writes under way (the timer's among them), which a flush waits for too. */
    writing: Set<Promise<unknown>>;
  };
};

function buffer() {
  if (!globalForUsage.inmoBufferedUsage) {
    globalForUsage.inmoBufferedUsage = { pending: new Map(), writing: new Set() };
    process.once("beforeExit", () => void flushBufferedUsage());
  }
  return globalForUsage.inmoBufferedUsage;
}

/**
 * Writes every buffered charge now (one upsert per organization) and resolves
 * once every charge counted before the call is written, including those a
 * write already under way took from the buffer (the timer's, when it fired
 * first): what resolves is what was written, however the two interleave.
 */
export async function flushBufferedUsage(): Promise<void> {
  const state = buffer();
  clearTimeout(state.timer);
  state.timer = undefined;
  const charges = [...state.pending.entries()];
  state.pending.clear();
  const write = Promise.all(
    charges.map(([organizationId, { db, units }]) => chargeMonthlyUsage(db, organizationId, units, null).catch(() => {})),
  );
  state.writing.add(write);
  void write.finally(() => state.writing.delete(write));
  await Promise.all([...state.writing]);
}

/**
 * Counts usage that no ceiling limits (exempt organizations): nothing is
 * refused on it, so it need not be written in the request. Charges are summed
 * in memory and written once a second, taking a write per request off the
 * hot path; at most the last second of usage is lost if the process dies.
 */
export function countUnlimitedUsage(db: Pick<PrismaClient, "$queryRaw">, organizationId: string, units: number): void {
  if (units <= 0) return;
  const state = buffer();
  const pending = state.pending.get(organizationId);
  state.pending.set(organizationId, { db, units: (pending?.units ?? 0) + units });
  if (state.timer === undefined) {
    state.timer = setTimeout(() => void flushBufferedUsage(), FLUSH_AFTER_MS);
    state.timer.unref();
  }
}
