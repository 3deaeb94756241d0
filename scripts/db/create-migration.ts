import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { diffMigrationsToSchema } from "./schema-diff";

/**
 * `npm run db:migration -- <name>`: writes the next migration from the
 * difference between the committed migrations and prisma/schema.prisma,
 * entirely offline (see scripts/db/schema-diff.ts). Review the SQL before
 * committing it; it is applied as written.
 *
 * `--schema <file>` and `--migrations-dir <dir>` exist for tests and for
 * authoring against a copy.
 */

// Relative to this file, not the working directory, so the script works from anywhere.
const PRISMA_DIR = path.resolve(import.meta.dirname, "../../prisma");
const USAGE = "Usage: npm run db:migration -- <name_in_snake_case> [--schema <file>] [--migrations-dir <dir>]";
const NAME_PATTERN = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
// _prisma_migrations.migration_name is varchar(255), and it holds "<timestamp>_<name>".
const MAX_NAME_LENGTH = 200;
const LOCKFILE = 'provider = "postgresql"\n';

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/**
 * The UTC time now, but never at or before the newest existing migration:
 * migrations apply in name order, so a clock behind the last author's must
 * not slot the new one into the past.
 */
async function nextTimestamp(migrationsDir: string): Promise<string> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const latest = entries
    .filter((entry) => entry.isDirectory() && /^\d{14}_/.test(entry.name))
    .map((entry) => entry.name.slice(0, 14))
    .sort()
    .at(-1);
  const now = timestamp(new Date());
  if (latest === undefined || now > latest) return now;
  const t = (from: number, to: number) => latest.slice(from, to);
  const latestDate = new Date(`${t(0, 4)}-${t(4, 6)}-${t(6, 8)}T${t(8, 10)}:${t(10, 12)}:${t(12, 14)}Z`);
  return timestamp(new Date(latestDate.getTime() + 1000));
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { schema: { type: "string" }, "migrations-dir": { type: "string" } },
  });
  const name = positionals[0];
  if (!name) {
    console.error(`A migration name is required.\n${USAGE}`);
    return 1;
  }
  if (positionals.length > 1 || !NAME_PATTERN.test(name) || name.length > MAX_NAME_LENGTH) {
    console.error(`Invalid migration name "${positionals.join(" ")}": use snake_case (a-z, 0-9, single underscores), e.g. add_lead_budget.\n${USAGE}`);
    return 1;
  }

  const schemaPath = path.resolve(values.schema ?? path.join(PRISMA_DIR, "schema.prisma"));
  const migrationsDir = path.resolve(values["migrations-dir"] ?? path.join(PRISMA_DIR, "migrations"));
  const sql = await diffMigrationsToSchema({ schemaPath, migrationsDir });
  if (sql.trim() === "") {
    console.log("No schema changes; no migration written.");
    return 0;
  }

  const directory = path.join(migrationsDir, `${await nextTimestamp(migrationsDir)}_${name}`);
  await mkdir(directory, { recursive: false }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    await mkdir(migrationsDir, { recursive: true });
    await mkdir(directory);
  });
  await writeFile(path.join(directory, "migration.sql"), sql.endsWith("\n") ? sql : `${sql}\n`);
  // Prisma's CLI reads the connector from the lockfile; write it with the first migration.
  await writeFile(path.join(migrationsDir, "migration_lock.toml"), LOCKFILE, { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });

  const file = path.relative(process.cwd(), path.join(directory, "migration.sql"));
  console.log(`Wrote ${file}. Review it, then apply with npm run db:migrate.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
