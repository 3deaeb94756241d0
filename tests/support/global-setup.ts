import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/db/embedded-postgres";
import { applyMigrations } from "../../server/db/migrations";

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL when set (any
 * database on that server; we create our own databases beside it), otherwise a
 * fresh embedded cluster in a temp dir. A migrated template database is built
 * once; every test file clones it (CREATE DATABASE … TEMPLATE), so files are
 * isolated from each other and start in milliseconds.
 */
export const TEMPLATE_DATABASE = `inmo_test_template_${process.pid}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "inmo-test-pg-"));
    // When running as root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres"), port: await freePort() });
    serverUrl = embedded.url;
  }
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
      `SELECT datname FROM pg_database WHERE datname LIKE 'inmo_test_%'`,
    );
    for (const row of rows) await cleanup.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`).catch(() => {});
    await cleanup.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}
