import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";

/** Helpers shared by the test run and the benchmarks to get a scratch PostgreSQL. */

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
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

/**
 * A throwaway embedded PostgreSQL in a temp directory on a free loopback port,
 * never the app's own `.data/` cluster. `stop()` stops it and removes its files.
 */
export async function startThrowawayPostgres(label: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `inmo-${label}-pg-`));
  // When running as root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, "postgres"), port: await freePort() });
  return {
    url: embedded.url,
    async stop() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
