import type { PrismaClient } from "./generated/client";
import { createPrismaClient } from "./client";
import { acquireDatabase } from "./connection";
import { applyMigrations } from "./migrations";
import { config } from "../config/config";

/**
 * The process-wide Prisma client. `scripts/start.ts` resolves the database and
 * applies migrations before Next starts, and hands the URL over in DATABASE_URL.
 * When the app is started some other way without DATABASE_URL (plain `next start`),
 * the first request brings up the embedded database and migrates it here.
 */
const globalForDb = globalThis as unknown as { inmoDb?: Promise<PrismaClient> };

async function connect(): Promise<PrismaClient> {
  const configured = config().DATABASE_URL;
  if (configured) return createPrismaClient(configured);
  const database = await acquireDatabase();
  await applyMigrations(database.url);
  return createPrismaClient(database.url);
}

export function getDb(): Promise<PrismaClient> {
  globalForDb.inmoDb ??= connect().catch((error: unknown) => {
    globalForDb.inmoDb = undefined;
    throw error;
  });
  return globalForDb.inmoDb;
}

/** Closes this process's connection pool (at shutdown, after the last write); a later `getDb()` connects again. */
export async function disconnectDb(): Promise<void> {
  const pending = globalForDb.inmoDb;
  globalForDb.inmoDb = undefined;
  const client = await pending?.catch(() => undefined);
  await client?.$disconnect();
}
