import path from "node:path";
import { z } from "zod";
import { parseFlags, required } from "../args";
import type { UrlCommand } from "../command";
import { validateFlags } from "../usage-error";

// Relative to this file rather than the working directory, so the CLI works from anywhere.
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../../prisma/migrations");

const options = { file: { type: "string" } } as const;
const inputSchema = z.object({ file: z.string().trim().min(1) });

/**
 * Restores a backup into the server's database, which must be empty (a new
 * database: point DATABASE_URL at it, or a fresh INMO_DATA_DIR), and reads
 * every table's row count back against the backup's. Migrations newer than
 * the backup are applied afterwards, as at any start.
 */
export const restore: UrlCommand = {
  name: "restore",
  usage: "restore --file FILE[.gz]",
  usesDatabaseUrl: true,
  prepare(args) {
    const flags = parseFlags("restore", args, options);
    const input = validateFlags(inputSchema, { file: required(flags.file, "--file") });
    return async (databaseUrl) => {
      const file = path.resolve(input.file);
      // Loaded only when run: the CLI's other commands start without the backup machinery.
      const { restoreBackup } = await import("../../../server/backup/restore-backup");
      const { applyMigrations } = await import("../../../server/db/migrations");
      const restored = await restoreBackup(databaseUrl, file);
      // The code may be newer than the backup: its later migrations apply now, as at any start.
      const applied = await applyMigrations(databaseUrl, { dir: MIGRATIONS_DIR });
      if (!restored.secretsReadable) {
        process.stderr.write(
          `inmo cli: the backup's secrets are sealed with key ${restored.header.sealedWith}, which is not configured here. ` +
            `Set WEBHOOK_SECRET_KEY (or WEBHOOK_SECRET_KEY_PREVIOUS) to the key the backed-up installation used, or webhooks, Google and WhatsApp stop working.\n`,
        );
      }
      return { file, rows: restored.rows, migrations: restored.header.migrations.length, migrationsApplied: applied.length, secretsReadable: restored.secretsReadable };
    };
  },
};
