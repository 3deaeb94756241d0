import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { applyMigrations } from "../../server/db/migrations";

export interface BenchDatabase {
  url: string;
  describe: string;
  dispose(): Promise<void>;
}

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
  const dir = await mkdtemp(path.join(os.tmpdir(), "inmo-bench-pg-"));
  // When running as root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, "postgres"), port: await freePort() });
  await applyMigrations(embedded.url);
  return {
    url: embedded.url,
    describe: "embedded PostgreSQL in a temp directory",
    async dispose() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
