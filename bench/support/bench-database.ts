import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { applyMigrations } from "../../server/db/migrations";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A migrated scratch database: BENCH_DATABASE_URL when set, else an embedded PostgreSQL in a temp dir. */
export async function startBenchDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) {
    await applyMigrations(process.env.BENCH_DATABASE_URL);
    return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "inmo-bench-"));
  await chmod(dir, 0o755);
  const database = await startEmbeddedPostgres({ dataDir: path.join(dir, "postgres"), port: await freePort() });
  await applyMigrations(database.url);
  return {
    url: database.url,
    stop: async () => {
      await database.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
