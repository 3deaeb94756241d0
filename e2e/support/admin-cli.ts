import { execFileSync } from "node:child_process";
import { E2E_PG_PORT } from "./e2e-environment";

/**
 * The admin CLI against the e2e app's database, for what the dashboard does
 * not create itself (a second member, an OAuth app's connection).
 */
export function adminCli<T = Record<string, string>>(...args: string[]): T {
  const output = execFileSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: `postgresql://inmo:inmo-embedded@127.0.0.1:${E2E_PG_PORT}/inmo` },
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  return JSON.parse(output) as T;
}
