import path from "node:path";
import { config } from "../../server/config/config";
import { createPrismaClient, type Db } from "../../server/db/client";
import { acquireDatabase } from "../../server/db/connection";
import { applyMigrations } from "../../server/db/migrations";

// Relative to this file rather than the working directory, so the CLI works from anywhere.
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");

function verboseLog(): ((message: string) => void) | undefined {
  if (!config().INMO_CLI_VERBOSE) return undefined;
  return (message) => process.stderr.write(`${message}\n`);
}

/**
 * Runs `work` against the same database the server uses, migrated first so a
 * fresh machine works. An embedded cluster started here is stopped at the
 * end; one that the running server owns is left alone.
 */
export async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const log = verboseLog();
  const database = await acquireDatabase(log);
  try {
    await applyMigrations(database.url, { dir: MIGRATIONS_DIR, log });
    const db = createPrismaClient(database.url);
    try {
      return await work(db);
    } finally {
      await db.$disconnect();
    }
  } finally {
    if (database.owned) await database.stop();
  }
}

/**
 * Runs `work` with the URL of the database the server uses, as it is: no
 * migration first (a backup copies what is there; a restore needs an empty
 * database). An embedded cluster started here is stopped at the end.
 */
export async function withDatabaseUrl<T>(work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const database = await acquireDatabase(verboseLog());
  try {
    return await work(database.url);
  } finally {
    if (database.owned) await database.stop();
  }
}
