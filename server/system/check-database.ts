import type { PrismaClient } from "../db/generated/client";

const CHECK_TIMEOUT_MS = 2_000;

/**
 * When a database check gives up: a signal that aborts after CHECK_TIMEOUT_MS
 * in production, so a hung connection still answers the monitor quickly.
 * Tests hand in their own (one that never aborts, so a slow machine's round
 * trip is never taken for a dead database; or one they abort themselves once
 * the database is seen not answering).
 */
export type CheckDeadline = () => AbortSignal;

const realDeadline: CheckDeadline = () => AbortSignal.timeout(CHECK_TIMEOUT_MS);

const holder = globalThis as unknown as { inmoCheckDeadline?: CheckDeadline };

/** Tests only: bound the checks by `deadline` (null: the real timeout again). */
export function useDatabaseCheckDeadline(deadline: CheckDeadline | null): void {
  holder.inmoCheckDeadline = deadline ?? undefined;
}

/** One round trip to the database, bounded by the check deadline. */
export async function checkDatabase(db: PrismaClient): Promise<boolean> {
  const deadline = (holder.inmoCheckDeadline ?? realDeadline)();
  if (deadline.aborted) return false;
  let giveUp!: () => void;
  const timeout = new Promise<false>((resolve) => {
    giveUp = () => resolve(false);
    deadline.addEventListener("abort", giveUp, { once: true });
  });
  try {
    return await Promise.race([db.$queryRaw`SELECT 1`.then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    deadline.removeEventListener("abort", giveUp);
  }
}
