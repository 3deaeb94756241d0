import { cp, mkdtemp, readdir } from "node:fs/promises";
import path from "node:path";

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");

/**
 * The committed migrations up to the one whose name ends with `target`
 * (without it, or with it), copied into a new directory under `scratch`: a
 * data migration is tested on rows written by the schema before it.
 */
export async function migrationsUpTo(scratch: string, target: string, including: boolean): Promise<string> {
  const dir = await mkdtemp(path.join(scratch, "migrations-"));
  const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  if (!names.some((name) => name.endsWith(target))) throw new Error(`no migration named …${target}`);
  for (const name of names) {
    if (name.endsWith(target) && !including) break;
    await cp(path.join(MIGRATIONS_DIR, name), path.join(dir, name), { recursive: true });
    if (name.endsWith(target)) break;
  }
  return dir;
}
