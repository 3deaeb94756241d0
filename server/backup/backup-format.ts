import { createReadStream, createWriteStream } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";

/**
 * A backup is a plain SQL script, PostgreSQL's own text format (the shape of
 * `pg_dump --format=plain`): the migrations that built the schema, then every
 * table's rows as `COPY … FROM stdin` blocks. `npm run cli -- restore` loads it
 * and checks every table's row count against the header; without inmo at
 * hand, `psql --single-transaction -v ON_ERROR_STOP=1 -f FILE` into an empty
 * database restores it too. A name ending in `.gz` is gzip-compressed.
 */
export const BACKUP_FORMAT = "inmo-backup/1";
export const HEADER_PREFIX = "-- inmo-backup: ";
export const MIGRATION_PREFIX = "-- migration: ";
export const END_OF_COPY = "\\.";

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** PostgreSQL's version of the server backed up (`server_version`). */
  serverVersion: string;
  /** The migrations applied to the database, in order: the schema the rows fit. */
  migrations: string[];
  /** Rows of each table, counted in the same snapshot the rows were copied from. */
  rows: Record<string, number>;
  /** Id of the key that sealed the stored secrets (webhook signing secrets, provider tokens). */
  sealedWith: string;
}

export function openBackupForWriting(file: string): { stream: Writable; done: Promise<void> } {
  const out = createWriteStream(file, { mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  if (!file.endsWith(".gz")) return { stream: out, done };
  const gzip = createGzip();
  gzip.pipe(out);
  return { stream: gzip, done };
}

export function openBackupForReading(file: string): Readable {
  const input = createReadStream(file);
  return file.endsWith(".gz") ? input.pipe(createGunzip()) : input;
}
