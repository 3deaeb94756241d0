import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { flushBufferedUsage } from "../../server/rate-limit/usage-buffer";
import { flushApiUsageCounts } from "../../server/usage/request-counter";
import { useApiTest } from "../support/api-test";
import { createEmptyDatabase } from "../support/database";
import { seedLead, seedMember, seedOrganization } from "../support/factories";

/**
 * `npm run cli -- backup` and `restore`, end to end through the CLI as an
 * operator runs them: a database with data in many tables is backed up while
 * it is in use, restored into a fresh database, and every table is read back
 * there, row for row.
 */
const t = useApiTest({ observeEvents: true });
const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "inmo-backup-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(databaseUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, "node_modules/.bin/tsx"),
      ["scripts/cli.ts", ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, WEBHOOK_SECRET_KEY: "backup-test-key" }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every table of `public` with its row count and a digest of its rows (in a stable order). */
async function snapshot(databaseUrl: string): Promise<Record<string, { rows: number; digest: string }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
    );
    const result: Record<string, { rows: number; digest: string }> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; digest: string | null }>(
        `SELECT count(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
      );
      result[name] = { rows: Number(rows[0]!.n), digest: rows[0]!.digest ?? "" };
    }
    return result;
  } finally {
    await client.end();
  }
}

describe("backup and restore", () => {
  it("round trip: every table of a restored fresh database has the backed-up rows", { timeout: 240_000 }, async () => {
    // Data across the model: organizations, members, leads (with their counters and timelines), events and deliveries in the outbox.
    const other = await seedOrganization(t.db);
    await seedMember(t.db, t.org.id, { role: "admin" });
    for (let i = 0; i < 5; i++) await seedLead(t.db, t.org.id, { firstName: `Lead ${i}` });
    await seedLead(t.db, other.id, { firstName: "Elsewhere" });
    const created = await t.server.api("/leads", { method: "POST", token: t.org.key, json: { firstName: "Through", email: "through@example.test" } });
    expect(created.status).toBe(201);
    // The counters the request left in memory are written now rather than by their timers, so the snapshot below is final.
    await Promise.all([flushApiUsageCounts(), flushBufferedUsage()]);
    const before = await snapshot(t.databaseUrl);
    expect(before.Lead!.rows).toBe(7);
    expect(before.WebhookEvent!.rows).toBeGreaterThan(0);

    const file = path.join(dir, "inmo.sql.gz");
    const backup = await cli(t.databaseUrl, "backup", "--file", file);
    expect(backup.code, backup.stderr).toBe(0);
    const written = JSON.parse(backup.stdout) as { file: string; tables: number; rows: number; sealedWith: string };
    expect(written).toMatchObject({ file, tables: Object.keys(before).length });
    expect(written.rows).toBe(Object.values(before).reduce((sum, table) => sum + table.rows, 0));
    expect(backup.stderr).toMatch(new RegExp(`sealed with key ${written.sealedWith}.*Keep that key`));

    const fresh = await createEmptyDatabase();
    const restored = await cli(fresh.url, "restore", "--file", file);
    expect(restored.code, restored.stderr).toBe(0);
    const answer = JSON.parse(restored.stdout) as { rows: Record<string, number>; secretsReadable: boolean };
    expect(answer.secretsReadable).toBe(true);
    expect(answer.rows).toEqual(Object.fromEntries(Object.entries(before).map(([name, table]) => [name, table.rows])));
    // Row for row, in every table (the lead counters were not counted again by the triggers).
    expect(await snapshot(fresh.url)).toEqual(before);
  });

  it("refuses to restore into a database that is not empty, and a file that is not a backup", async () => {
    const file = path.join(dir, "not-a-backup.sql");
    writeFileSync(file, "SELECT 1;\n");
    const intoUsed = await cli(t.databaseUrl, "restore", "--file", file);
    expect(intoUsed.code).toBe(1);
    expect(intoUsed.stderr).toMatch(/not empty/);
    const fresh = await createEmptyDatabase();
    const notBackup = await cli(fresh.url, "restore", "--file", file);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toMatch(/not an inmo backup/);
    expect((await snapshot(fresh.url))).toEqual({});
  });
});
