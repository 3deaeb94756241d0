import { spawn } from "node:child_process";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createEmptyDatabase } from "../support/database";

/**
 * `npm start` (scripts/start.ts) applies migrations before anything is built
 * or served. A migration that fails must leave the database as it was and
 * stop start-up with a message that names the migration and the cause.
 */
function runStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn("node_modules/.bin/tsx", ["scripts/start.ts", "--no-build"], {
      env: { ...process.env, ...env, INMO_LOG: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe("start-up with a migration that cannot apply", () => {
  it("stops with a clear message and leaves the database as it was", async () => {
    const database = await createEmptyDatabase();
    // A table in the way of the first migration's CREATE TABLE "Organization".
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`CREATE TABLE "Organization" (legacy_id int PRIMARY KEY); INSERT INTO "Organization" VALUES (7)`);

    const result = await runStart({ DATABASE_URL: database.url, PORT: "0" });

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/start-up stopped: Migration \d+_init failed and was rolled back; the database is unchanged/);
    expect(result.stderr).toMatch(/already exists/);
    expect(result.stderr).not.toMatch(/building the app|serving on/);

    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    // Only the table that was there, plus the (empty) bookkeeping table.
    expect(tables.rows.map((r) => r.table_name)).toEqual(["Organization", "_prisma_migrations"]);
    expect((await client.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`)).rows[0]).toEqual({ n: 0 });
    expect((await client.query(`SELECT legacy_id FROM "Organization"`)).rows).toEqual([{ legacy_id: 7 }]);
    const extensions = await client.query(`SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'btree_gin')`);
    expect(extensions.rowCount).toBe(0);
    await client.end();
  }, 60_000);
});
