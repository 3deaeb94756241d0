import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../server/db/migrations";
import { startThrowawayPostgres, withDatabase } from "./local-postgres";

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL when set (any
 * database on that server; we create our own databases beside it), otherwise a
 * fresh embedded cluster in a temp dir. A migrated template database is built
 * once; every test file clones it (CREATE DATABASE … TEMPLATE), so files are
 * isolated from each other and start in milliseconds.
 *
 * Vitest calls this once per project (see vitest.config.ts) in one process:
 * the first call prepares the server and the template, the others share them,
 * and the last teardown removes them.
 */
export const TEMPLATE_DATABASE = `inmo_test_template_${process.pid}`;

interface Prepared {
  adminUrl: string;
  cleanup(): Promise<void>;
}
const shared = globalThis as typeof globalThis & { inmoTestServer?: Promise<Prepared>; inmoTestServerUsers?: number };

async function prepare(): Promise<Prepared> {
  const configured = process.env.TEST_DATABASE_URL;
  const embedded = configured ? undefined : await startThrowawayPostgres("test");
  const serverUrl = configured ?? embedded?.url ?? "";
  const adminUrl = withDatabase(serverUrl, "postgres");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  await admin.end();
  await applyMigrations(withDatabase(serverUrl, TEMPLATE_DATABASE));

  const cleanup = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [TEMPLATE_DATABASE, `inmo_test_run_${process.pid}_%`],
    );
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`).catch(() => {});
    await client.end();
    await embedded?.stop();
  };
  return { adminUrl, cleanup };
}

export default async function setup(project: TestProject) {
  shared.inmoTestServerUsers = (shared.inmoTestServerUsers ?? 0) + 1;
  shared.inmoTestServer ??= prepare();
  const { adminUrl, cleanup } = await shared.inmoTestServer;

  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);

  return async () => {
    shared.inmoTestServerUsers = (shared.inmoTestServerUsers ?? 1) - 1;
    if (shared.inmoTestServerUsers > 0) return;
    shared.inmoTestServer = undefined;
    await cleanup();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}
