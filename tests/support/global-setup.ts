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
 */
export const TEMPLATE_DATABASE = `inmo_test_template_${process.pid}`;

export default async function setup(project: TestProject) {
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

  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [TEMPLATE_DATABASE, `inmo_test_run_${process.pid}_%`],
    );
    for (const row of rows) await cleanup.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`).catch(() => {});
    await cleanup.end();
    await embedded?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}
