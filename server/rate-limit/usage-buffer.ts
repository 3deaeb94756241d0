import type { PrismaClient } from "../db/generated/client";
import { chargeMonthlyUsage } from "./monthly-usage";

/** How long usage without a monthly ceiling waits in memory before it is written, summed per organization. */
const FLUSH_AFTER_MS = 1_000;

const globalForUsage = globalThis as unknown as {
  inmoBufferedUsage?: { pending: Map<string, { db: Pick<PrismaClient, "$queryRaw">; units: number }>; timer?: NodeJS.Timeout };
};

function buffer() {
  if (!globalForUsage.inmoBufferedUsage) {
    globalForUsage.inmoBufferedUsage = { pending: new Map() };
    process.once("beforeExit", () => void flushBufferedUsage());
  }
  return globalForUsage.inmoBufferedUsage;
}

/** Writes every buffered charge now (one upsert per organization). */
export async function flushBufferedUsage(): Promise<void> {
  const state = buffer();
  clearTimeout(state.timer);
  state.timer = undefined;
  const charges = [...state.pending.entries()];
  state.pending.clear();
  await Promise.all(
    charges.map(([organizationId, { db, units }]) => chargeMonthlyUsage(db, organizationId, units, null).catch(() => {})),
  );
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
