import { once } from "node:events";
import readline from "node:readline";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { configuredSecretKeyIds } from "../crypto/secret-box";
import { quoteIdent } from "./backup-catalog";
import { BACKUP_FORMAT, END_OF_COPY, HEADER_PREFIX, openBackupForReading, type BackupHeader } from "./backup-format";
import { BackupError } from "./write-backup";

export interface RestoreResult {
  header: BackupHeader;
  /** Rows of each table in the restored database, read back after the load (equal to the header's, or the restore fails). */
  rows: Record<string, number>;
  /** Whether a configured key opens the secrets the backup holds. */
  secretsReadable: boolean;
}

const COPY_LINE = /^COPY ("(?:[^"]|"")+") \(.*\) FROM stdin;$/;

/**
 * Loads a backup into the database at `databaseUrl`, which must be empty (no
 * table in `public`): one transaction, so a failure leaves it empty. Then
 * counts every table and compares with the counts the backup was written
 * with.
 */
export async function restoreBackup(databaseUrl: string, file: string): Promise<RestoreResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: existing } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    if (Number(existing[0]!.n) > 0) throw new BackupError("the database is not empty; restore into a new, empty database (then point DATABASE_URL at it)");

    await client.query("BEGIN");
    const header = await load(client, file);
    const rows: Record<string, number> = {};
    for (const table of Object.keys(header.rows)) {
      const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
      rows[table] = Number(counted[0]!.n);
    }
    const wrong = Object.keys(header.rows).filter((table) => rows[table] !== header.rows[table]);
    if (wrong.length > 0) throw new BackupError(`row counts differ from the backup's in ${wrong.join(", ")}; nothing was restored`);
    await client.query("COMMIT");
    return { header, rows, secretsReadable: configuredSecretKeyIds().includes(header.sealedWith) };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Runs the script: SQL between COPY blocks as one batch each, each COPY block streamed into `COPY … FROM STDIN`. */
async function load(client: pg.Client, file: string): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  let sql: string[] = [];
  let copy: ReturnType<typeof copyFrom> | undefined;
  let copied: Promise<unknown> | undefined;
  const flush = async () => {
    if (sql.some((line) => line.trim() !== "" && !line.startsWith("--"))) await client.query(sql.join("\n"));
    sql = [];
  };
  for await (const line of readline.createInterface({ input: openBackupForReading(file), crlfDelay: Infinity })) {
    if (copy) {
      if (line === END_OF_COPY) {
        copy.end();
        await copied;
        copy = undefined;
      } else if (!copy.write(`${line}\n`)) {
        await once(copy, "drain");
      }
      continue;
    }
    if (line.startsWith(HEADER_PREFIX)) {
      header = JSON.parse(line.slice(HEADER_PREFIX.length)) as BackupHeader;
      if (header.format !== BACKUP_FORMAT) throw new BackupError(`not an inmo backup of a known format (${String(header.format)})`);
      continue;
    }
    const copyLine = COPY_LINE.exec(line);
    if (copyLine) {
      if (!header) throw new BackupError("not an inmo backup (no header)");
      await flush();
      copy = client.query(copyFrom(line.replace(/ FROM stdin;$/, " FROM STDIN")));
      const stream = copy;
      copied = new Promise((resolve, reject) => {
        stream.on("finish", resolve);
        stream.on("error", reject);
      });
      copied.catch(() => {}); // awaited at the block's end; a failure before then must not go unhandled meanwhile
      continue;
    }
    sql.push(line);
  }
  if (copy) throw new BackupError("the backup ends inside a table's rows: the file is truncated");
  if (!header) throw new BackupError("not an inmo backup (no header)");
  await flush();
  return header;
}
