import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Db } from "./client";

/**
 * The project's own migration applier. It keeps Prisma's `_prisma_migrations`
 * bookkeeping (same table, same checksum), so `prisma migrate deploy/status`
 * agree with it wherever the Prisma engines can be downloaded. Each migration
 * file runs whole, as one query, inside one transaction together with its
 * bookkeeping row: a failing migration leaves the database exactly as it was.
 */

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma", "migrations");
const ADVISORY_LOCK_KEY = 72707369;

export class MigrationError extends Error {
  override name = "MigrationError";
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/**
 * The migrations of this code that the database has not applied (none: the
 * schema is what the code expects). Read by the readiness check; the names
 * are read from disk once per process.
 */
export async function pendingMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  migrationNames ??= readMigrations(dir).then((files) => files.map((file) => file.name));
  const names = await migrationNames;
  const applied = await db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const done = new Set(applied.map((row) => row.migration_name));
  return names.filter((name) => !done.has(name));
}

let migrationNames: Promise<string[]> | undefined;

export const BOOKKEEPING_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface ApplyOptions {
  dir?: string;
  log?: (message: string) => void;
}

/** Applies every pending migration in order; returns the names applied. */
export async function applyMigrations(databaseUrl: string, options: ApplyOptions = {}): Promise<string[]> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const log = options.log ?? (() => {});
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
    await client.query(BOOKKEEPING_TABLE);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`);

    const unfinished = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (unfinished) {
      throw new MigrationError(
        `Migration ${unfinished.migration_name} was started but never finished. ` +
          `Inspect the database, then mark it rolled back (prisma migrate resolve --rolled-back ${unfinished.migration_name}) before starting again.`,
      );
    }
    const done = new Map(rows.filter((r) => r.finished_at !== null).map((r) => [r.migration_name, r.checksum]));

    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) log(`warning: migration ${migration.name} was edited after it was applied`);
        continue;
      }
      const started = new Date();
      try {
        await client.query("BEGIN");
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, $4, 1)`,
          [randomUUID(), migration.checksum, migration.name, started],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        const reason = error instanceof Error ? error.message : String(error);
        throw new MigrationError(`Migration ${migration.name} failed and was rolled back; the database is unchanged. Cause: ${reason}`);
      }
      applied.push(migration.name);
      log(`applied migration ${migration.name}`);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}
