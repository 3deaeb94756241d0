import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, MigrationError } from "../../server/db/migrations";
import { diffMigrationsToSchema } from "../../scripts/db/schema-diff";
import { createEmptyDatabase, createTestDatabase } from "../support/database";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS_DIR = path.join(ROOT, "prisma", "migrations");
const SCHEMA_PATH = path.join(ROOT, "prisma", "schema.prisma");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
// Each diff boots the wasm schema engine and two in-memory PostgreSQL instances:
// a backstop against a hang, not a measure of speed (one took 142 s at load 25).
const WASM_TIMEOUT = 300_000;
const DRIFT_PROBE_MODEL = "\nmodel DriftProbe {\n  id    String @id\n  label String\n}\n";

const run = promisify(execFile);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "inmo-migrations-test-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function committedMigrations(): Promise<{ name: string; checksum: string }[]> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(MIGRATIONS_DIR, name, "migration.sql"));
      return { name, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** The real migrations plus one extra, in a scratch directory. */
async function migrationsWith(extraName: string, sql: string): Promise<string> {
  const dir = await mkdtemp(path.join(scratch, "migrations-"));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  await mkdir(path.join(dir, extraName));
  await writeFile(path.join(dir, extraName, "migration.sql"), sql);
  return dir;
}

async function schemaWithDriftProbe(): Promise<string> {
  const file = path.join(await mkdtemp(path.join(scratch, "schema-")), "schema.prisma");
  await writeFile(file, (await readFile(SCHEMA_PATH, "utf8")) + DRIFT_PROBE_MODEL);
  return file;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Everything a migration could have touched, in a comparable form. */
async function snapshot(url: string) {
  const relations = await query(
    url,
    `SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' ORDER BY c.relname`,
  );
  const columns = await query(
    url,
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  const bookkeeping = await query(
    url,
    `SELECT id, checksum, migration_name, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name`,
  );
  return { relations, columns, bookkeeping };
}

describe("schema drift", () => {
  it("the committed migrations build exactly what schema.prisma describes", { timeout: WASM_TIMEOUT }, async () => {
    expect((await diffMigrationsToSchema()).trim()).toBe("");
  });

  it("reports a model that no migration creates", { timeout: WASM_TIMEOUT }, async () => {
    const diff = await diffMigrationsToSchema({ schemaPath: await schemaWithDriftProbe() });
    expect(diff).toContain('CREATE TABLE "DriftProbe"');
  });

  it("fails instead of ignoring a migration that does not apply", { timeout: WASM_TIMEOUT }, async () => {
    const dir = await migrationsWith("29990101000000_broken", 'ALTER TABLE "NoSuchTable" ADD COLUMN "x" INTEGER;\n');
    await expect(diffMigrationsToSchema({ migrationsDir: dir })).rejects.toThrow(/NoSuchTable/);
  });
});

describe("applyMigrations", () => {
  it("applies every migration once, with Prisma's bookkeeping", async () => {
    const db = await createEmptyDatabase();
    const expected = await committedMigrations();
    expect(expected.length).toBeGreaterThan(0);

    expect(await applyMigrations(db.url)).toEqual(expected.map((m) => m.name));

    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      db.url,
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => ({ name: r.migration_name, checksum: r.checksum }))).toEqual(expected);
    for (const row of rows) {
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
    }

    expect(await applyMigrations(db.url)).toEqual([]);
    const after = await query(db.url, `SELECT count(*)::int AS n FROM "_prisma_migrations"`);
    expect(after[0]?.n).toBe(expected.length);
  });

  it("rolls a failing migration back completely and names it", async () => {
    const db = await createTestDatabase();
    const failing = "29990101000000_create_then_fail";
    // Dollar quoting on purpose: the file must run whole, not split on semicolons.
    const dir = await migrationsWith(
      failing,
      `CREATE TABLE "MustNotSurvive" ("id" INTEGER PRIMARY KEY);
INSERT INTO "MustNotSurvive" VALUES (1);
DO $$ BEGIN RAISE EXCEPTION 'deliberate failure; after a semicolon'; END $$;
`,
    );
    const before = await snapshot(db.url);

    const attempt = applyMigrations(db.url, { dir });
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(new RegExp(`${failing}.*deliberate failure; after a semicolon`));

    expect(await snapshot(db.url)).toEqual(before);
    expect(await query(db.url, `SELECT to_regclass('"MustNotSurvive"') AS t`)).toEqual([{ t: null }]);
    expect(await query(db.url, `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1`, [failing])).toEqual([]);
  });

  it("refuses to run after a migration that started but never finished", async () => {
    const db = await createTestDatabase();
    const interrupted = "20990101000000_interrupted";
    await query(
      db.url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
      ["00000000-0000-4000-8000-000000000001", "0".repeat(64), interrupted],
    );
    const pending = await migrationsWith("29990101000000_pending", `CREATE TABLE "MustNotBeCreated" ("id" INTEGER);\n`);

    const attempt = applyMigrations(db.url, { dir: pending });
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(new RegExp(`${interrupted} was started but never finished`));
    expect(await query(db.url, `SELECT to_regclass('"MustNotBeCreated"') AS t`)).toEqual([{ t: null }]);
  });
});

describe("npm run db:migration", () => {
  const createMigration = (args: string[]) =>
    run(TSX, ["scripts/db/create-migration.ts", ...args], { cwd: ROOT }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it("writes nothing when the schema is unchanged", { timeout: WASM_TIMEOUT }, async () => {
    const before = await readdir(MIGRATIONS_DIR);
    const result = await createMigration(["unchanged_schema_probe"]);
    expect(result).toMatchObject({ code: 0, stdout: "No schema changes; no migration written.\n" });
    expect(await readdir(MIGRATIONS_DIR)).toEqual(before);
  });

  it("writes the next migration for a changed schema", { timeout: WASM_TIMEOUT }, async () => {
    const dir = await mkdtemp(path.join(scratch, "authoring-"));
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    const existing = await readdir(dir);
    const result = await createMigration(["add_drift_probe", "--schema", await schemaWithDriftProbe(), "--migrations-dir", dir]);
    expect(result.code).toBe(0);

    const created = (await readdir(dir)).filter((name) => !existing.includes(name));
    expect(created).toEqual([expect.stringMatching(/^\d{14}_add_drift_probe$/)]);
    const name = created[0]!;
    expect(await readFile(path.join(dir, name, "migration.sql"), "utf8")).toContain('CREATE TABLE "DriftProbe"');
    // Migrations apply in name order: the new one must come after every existing one.
    expect(existing.filter((other) => /^\d{14}_/.test(other)).every((other) => other < name)).toBe(true);
  });

  it("requires a snake_case name", async () => {
    const missing = await createMigration([]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("A migration name is required");
    const invalid = await createMigration(["Add-Leads"]);
    expect(invalid.code).not.toBe(0);
    expect(invalid.stderr).toContain("snake_case");
  });
});
