import path from "node:path";
import { acquireDatabase } from "../../server/db/connection";
import { applyMigrations, MigrationError } from "../../server/db/migrations";

/**
 * `npm run db:migrate`: applies pending migrations from prisma/migrations to
 * DATABASE_URL, or to the embedded PostgreSQL under .data/ when it is unset.
 * Progress goes to stdout, the database's own chatter and failures to stderr.
 */

// Relative to this file, not the working directory, so the script works from anywhere.
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");

async function main(): Promise<number> {
  const database = await acquireDatabase((message) => console.error(message));
  // An embedded cluster we started must not outlive us, even on Ctrl-C.
  const stopOnSignal = () => {
    void database.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const applied = await applyMigrations(database.url, { dir: MIGRATIONS_DIR, log: (message) => console.log(message) });
    console.log(applied.length === 0 ? "Database is up to date; no migration applied." : `Applied ${applied.length} migration(s).`);
    return 0;
  } catch (error) {
    if (error instanceof MigrationError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    if (database.owned) await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
