import type { PrismaClient } from "../db/generated/client";

const CHECK_TIMEOUT_MS = 2_000;

/** One round trip to the database, bounded so a hung connection still answers the monitor quickly. */
export async function checkDatabase(db: PrismaClient): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.$queryRaw`SELECT 1`.then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
