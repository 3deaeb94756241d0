import { readFileSync } from "node:fs";
import path from "node:path";
import { createPrismaClient, type Db } from "../../server/db/client";
import { embeddedPasswordFile } from "../../server/db/embedded-postgres";
import { findCommand } from "../../scripts/cli/commands";
import { E2E_DATA_DIR, E2E_PG_PORT } from "./e2e-environment";

/** The e2e cluster's own random password, from the 0600 file next to its data. */
export function embeddedDatabaseUrl(): string {
  const password = readFileSync(embeddedPasswordFile(path.join(E2E_DATA_DIR, "postgres")), "utf8").trim();
  return `postgresql://inmo:${encodeURIComponent(password)}@127.0.0.1:${E2E_PG_PORT}/inmo`;
}

/** One database client per test worker, opened on first use; it lives as long as the worker. */
let client: Db | undefined;

/**
 * The admin CLI's commands against the e2e app's database, for what the
 * dashboard does not create itself (a second member, an OAuth app's
 * connection): the same words, the same parsing and validation
 * (`findCommand`, `prepare`) and the same work as `npm run cli`, run in the
 * test worker. A process per call loaded the server's modules again each
 * time (about 5 s of CPU a call, and the suite makes dozens); the CLI as a
 * process is tested by the Vitest `processes` project. The result goes
 * through JSON as the CLI's stdout does. The database is already migrated by
 * the app's start.
 */
export async function adminCli<T = Record<string, string>>(...args: string[]): Promise<T> {
  const found = findCommand(args);
  if (!found || found.command.usesDatabaseUrl) throw new Error(`adminCli: no database command "${args.join(" ")}"`);
  const work = found.command.prepare(found.args);
  client ??= createPrismaClient(embeddedDatabaseUrl());
  return JSON.parse(JSON.stringify(await work(client))) as T;
}
