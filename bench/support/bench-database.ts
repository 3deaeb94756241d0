import { randomBytes } from "node:crypto";
import pg from "pg";
import { applyMigrations } from "../../server/db/migrations";
import { startThrowawayPostgres, withDatabase } from "../../tests/support/local-postgres";

export interface BenchDatabase {
  url: string;
  describe: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one benchmark run: a new database on the
 * server of BENCH_DATABASE_URL when set (dropped afterwards), otherwise a
 * throwaway embedded PostgreSQL in a temp directory. Never the app's data.
 */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const name = `inmo_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = withDatabase(serverUrl, name);
    await applyMigrations(url);
    return {
      url,
      describe: `database ${name} on BENCH_DATABASE_URL`,
      async dispose() {
        const cleanup = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const embedded = await startThrowawayPostgres("bench");
  await applyMigrations(embedded.url);
  return { url: embedded.url, describe: "embedded PostgreSQL in a temp directory", dispose: embedded.stop };
}
