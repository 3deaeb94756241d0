import { once } from "node:events";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { BOOKKEEPING_TABLE, MIGRATIONS_DIR } from "../db/migrations";
import { currentSecretKeyId } from "../crypto/secret-box";
import { readCatalog, quoteIdent } from "./backup-catalog";
import { BACKUP_FORMAT, END_OF_COPY, HEADER_PREFIX, MIGRATION_PREFIX, openBackupForWriting, type BackupHeader } from "./backup-format";

export class BackupError extends Error {
  override name = "BackupError";
}

async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, "drain");
}

/** The applied migrations, in order, with the SQL this code has for each (a database newer than the code is refused). */
async function appliedMigrations(client: pg.ClientBase, dir: string): Promise<{ name: string; sql: string }[]> {
  const { rows } = await client.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return Promise.all(
    rows.map(async ({ migration_name: name }) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8").catch(() => {
        throw new BackupError(`the database has migration ${name}, which this version of inmo does not know; back it up with the version that applied it`);
      });
      return { name, sql };
    }),
  );
}

/**
 * Writes a consistent backup of the database at `databaseUrl` to `file`: one
 * read-only, repeatable-read transaction, so every table is copied from the
 * same instant while the app keeps running.
 */
export async function writeBackup(databaseUrl: string, file: string, options: { migrationsDir?: string } = {}): Promise<BackupHeader> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const migrations = await appliedMigrations(client, options.migrationsDir ?? MIGRATIONS_DIR);
    const tables = await readCatalog(client);
    const rows: Record<string, number> = {};
    for (const table of tables) {
      const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoteIdent(table.name)}`);
      rows[table.name] = Number(counted[0]!.n);
    }
    const { rows: version } = await client.query<{ server_version: string }>("SHOW server_version");
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      serverVersion: version[0]!.server_version,
      migrations: migrations.map((m) => m.name),
      rows,
      sealedWith: currentSecretKeyId(),
    };

    const { stream, done } = openBackupForWriting(file);
    await write(stream, `-- inmo backup. Restore into an empty database: npm run cli -- restore --file FILE\n`);
    await write(stream, `-- (or without inmo: psql --single-transaction -v ON_ERROR_STOP=1 -f FILE)\n`);
    await write(stream, `${HEADER_PREFIX}${JSON.stringify(header)}\n`);
    await write(stream, "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\nSET check_function_bodies = false;\n");
    for (const migration of migrations) await write(stream, `${MIGRATION_PREFIX}${migration.name}\n${migration.sql.trimEnd()}\n;\n`);
    await write(stream, `${BOOKKEEPING_TABLE.trim()};\n`);
    const quiet = tables.filter((t) => t.hasUserTriggers).map((t) => quoteIdent(t.name));
    for (const name of quiet) await write(stream, `ALTER TABLE ${name} DISABLE TRIGGER USER;\n`);
    for (const table of tables) {
      const columns = table.columns.map(quoteIdent).join(", ");
      await write(stream, `COPY ${quoteIdent(table.name)} (${columns}) FROM stdin;\n`);
      await pipeline(client.query(copyTo(`COPY ${quoteIdent(table.name)} (${columns}) TO STDOUT`)), stream, { end: false });
      await write(stream, `${END_OF_COPY}\n`);
    }
    for (const name of quiet) await write(stream, `ALTER TABLE ${name} ENABLE TRIGGER USER;\n`);
    stream.end();
    await done;
    await client.query("COMMIT");
    return header;
  } finally {
    await client.end();
  }
}
