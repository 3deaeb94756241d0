import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { withDatabase } from "./local-postgres";

export interface TestDatabase {
  url: string;
  name: string;
  /** Runs SQL as the server's admin (e.g. to terminate connections). */
  admin<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<T>>;
}

async function runAdmin<T extends pg.QueryResultRow>(sql: string, params?: unknown[]) {
  const client = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await client.connect();
  try {
    return await client.query<T>(sql, params);
  } finally {
    await client.end();
  }
}

/**
 * This run's databases share the template's run id, so a run only ever drops
 * its own (several runs may share one server, e.g. TEST_DATABASE_URL).
 */
const runPrefix = () => inject("templateDatabase").replace("inmo_test_template_", "inmo_test_run_");

/** A fresh, fully migrated database cloned from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `${runPrefix()}_${randomBytes(6).toString("hex")}`;
  await runAdmin(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDatabase")}"`);
  return { url: withDatabase(inject("adminDatabaseUrl"), name), name, admin: runAdmin };
}

/** A fresh database with nothing in it (no migrations), for migration tests. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const name = `${runPrefix()}_${randomBytes(6).toString("hex")}`;
  await runAdmin(`CREATE DATABASE "${name}"`);
  return { url: withDatabase(inject("adminDatabaseUrl"), name), name, admin: runAdmin };
}
