import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm start`'s Ctrl-C: the terminal signals the whole foreground process
 * group (the start script and Next). The app stops gracefully (it hands its
 * background work back and closes its database pool), then the start script
 * stops the embedded PostgreSQL, which runs in a process group of its own
 * and so never cuts a live connection: no "FATAL: terminating connection"
 * in the output, and everything exits 0. `next dev` is used so no build is
 * needed; its server process takes the same graceful path as `next start`.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls until the app answers, gives up when the process is gone or at the backstop. */
async function healthy(url: string, running: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && running()) {
    const status = await fetch(url).then((res) => res.status, () => 0);
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

describe("Ctrl-C in npm start", () => {
  it("stops the app gracefully, then the embedded database, without cut connections, and exits 0", { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "inmo-ctrl-c-"));
    chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user when the tests run as root
    const [port, pgPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", INMO_DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), INMO_LOG: "info", NEXT_TELEMETRY_DISABLED: "1" };
    delete env.DATABASE_URL;
    // A process group of its own, as a terminal runs a foreground job: the test signals the group like Ctrl-C does.
    const child = spawn("node_modules/.bin/tsx", ["scripts/start.ts", "--dev"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // "close", not "exit": the app's last lines may still be in the pipes when the launcher exits.
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
    try {
      const running = () => child.exitCode === null && child.signalCode === null;
      expect(await healthy(`http://127.0.0.1:${port}/api/v1/health`, running, 180_000), output).toBe(true);
      // The app holds database connections now (the request above, the job driver's polls).
      process.kill(-child.pid!, "SIGINT");
      expect(await exited, output).toEqual({ code: 0, signal: null });
      expect(output).toMatch(/"event":"shutdown.finished"/);
      expect(output).not.toMatch(/FATAL|terminating connection/);
      expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false); // the database stopped too
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
