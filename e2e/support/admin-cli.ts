import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { embeddedPasswordFile } from "../../server/db/embedded-postgres";
import { E2E_DATA_DIR, E2E_PG_PORT } from "./e2e-environment";

/** The e2e cluster's own random password, from the 0600 file next to its data. */
export function embeddedDatabaseUrl(): string {
  const password = readFileSync(embeddedPasswordFile(path.join(E2E_DATA_DIR, "postgres")), "utf8").trim();
  return `postgresql://inmo:${encodeURIComponent(password)}@127.0.0.1:${E2E_PG_PORT}/inmo`;
}

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
    env: { ...process.env, DATABASE_URL: embeddedDatabaseUrl() },
    encoding: "utf8",
  });
  return JSON.parse(stdout) as T;
}
