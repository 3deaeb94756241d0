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
 * A consistent backup of the server's database (the embedded one, or
 * DATABASE_URL's) to a file, while the app keeps running. The stored secrets
 * in it are sealed with WEBHOOK_SECRET_KEY (or its fallbacks): the reminder
 * on stderr says to keep that key too, apart from the file.
 */
export const backup: UrlCommand = {
  name: "backup",
  usage: "backup --file FILE[.gz]",
  usesDatabaseUrl: true,
  prepare(args) {
    const flags = parseFlags("backup", args, options);
    const input = validateFlags(inputSchema, { file: required(flags.file, "--file") });
    return async (databaseUrl) => {
      const file = path.resolve(input.file);
      // Loaded only when run: the CLI's other commands start without the backup machinery.
      const { writeBackup } = await import("../../../server/backup/write-backup");
      const header = await writeBackup(databaseUrl, file, { migrationsDir: MIGRATIONS_DIR });
      process.stderr.write(
        `inmo cli: the backup holds webhook signing secrets and provider tokens sealed with key ${header.sealedWith} ` +
          `(WEBHOOK_SECRET_KEY, else NEXTAUTH_SECRET). Keep that key, apart from the backup: without it a restored ` +
          `installation cannot sign webhooks nor reach Google and WhatsApp.\n`,
      );
      const rows = Object.values(header.rows).reduce((sum, n) => sum + n, 0);
      return { file, tables: Object.keys(header.rows).length, rows, migrations: header.migrations.length, sealedWith: header.sealedWith };
    };
  },
};
