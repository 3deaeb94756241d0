import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { E2E_PG_PORT } from "./e2e-environment";

const run = promisify(execFile);

/**
 * The admin CLI against the e2e app's database, for what the dashboard does
 * not create itself (a second member, an OAuth app's connection). Async on
 * purpose: a synchronous child process would freeze the test's event loop,
 * and its HTTP client would then reuse keep-alive sockets the server has
 * already closed ("other side closed").
 */
export async function adminCli<T = Record<string, string>>(...args: string[]): Promise<T> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: `postgresql://inmo:inmo-embedded@127.0.0.1:${E2E_PG_PORT}/inmo` },
    encoding: "utf8",
  });
  return JSON.parse(stdout) as T;
}
