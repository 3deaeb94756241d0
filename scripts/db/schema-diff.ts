import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import {
  bindMigrationAwareSqlAdapterFactory,
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { MigrationDirectory, MigrationList, SchemaEngine as SchemaEngineInstance } from "@prisma/schema-engine-wasm";
import { PrismaPGlite } from "pglite-prisma-adapter";

/**
 * Offline migration authoring and drift check. The Prisma CLI's `migrate diff`
 * needs the native schema engine, which cannot be downloaded on our build
 * machines; the same Rust core ships as `@prisma/schema-engine-wasm`, and it
 * only needs a driver adapter to talk to a database. We give it a scratch
 * in-memory PGlite (a real PostgreSQL compiled to wasm) for both the main and
 * the shadow database, so authoring never touches a developer's data.
 */

export const DEFAULT_SCHEMA_PATH = path.resolve(process.cwd(), "prisma", "schema.prisma");
export const DEFAULT_MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma", "migrations");

/** Extensions the migrations rely on; PGlite only has what is loaded at construction. */
const PGLITE_EXTENSIONS = { pg_trgm, btree_gin, btree_gist, unaccent };

export interface DiffOptions {
  schemaPath?: string;
  migrationsDir?: string;
}

export class SchemaDiffError extends Error {
  override name = "SchemaDiffError";
}

type SchemaEngineModule = typeof import("@prisma/schema-engine-wasm");
let engineModule: Promise<SchemaEngineModule> | undefined;

/**
 * The package's entry point imports the `.wasm` file as an ES module, which
 * Node does not support without a flag; so we instantiate the wasm ourselves
 * and hand it to the wasm-bindgen glue, once per process (the glue keeps the
 * instance in module state).
 */
function loadSchemaEngine(): Promise<SchemaEngineModule> {
  engineModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as SchemaEngineModule & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const module = await WebAssembly.compile(await readFile(wasmPath));
    const instance = await WebAssembly.instantiate(module, {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return engineModule;
}

/** Rethrows PGlite's database errors in the shape the schema engine reports verbatim. */
function toDriverError(error: unknown): unknown {
  if (error && typeof error === "object" && "severity" in error && "code" in error) {
    const e = error as { code?: string; severity?: string; message: string; detail?: string; hint?: string; column?: string };
    return new DriverAdapterError({
      kind: "postgres",
      code: e.code ?? "N/A",
      severity: e.severity ?? "N/A",
      message: e.message,
      detail: e.detail,
      column: e.column,
      hint: e.hint,
    });
  }
  return error;
}

/**
 * pglite-prisma-adapter 0.7.2 has two defects we must not inherit:
 * `executeScript` fires `exec()` without awaiting it (a failing migration
 * would look applied, and statements race the engine's next query), and its
 * shadow database is a bare PGlite without extensions (so `CREATE EXTENSION
 * pg_trgm` in a migration fails there). This factory fixes both and remembers
 * every PGlite it opens so they can all be closed.
 */
class ScratchPGliteFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "inmo-scratch-pglite";
  private readonly opened: PGlite[] = [];

  private async open(): Promise<SqlDriverAdapter> {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    this.opened.push(client);
    const adapter = (await new PrismaPGlite(client).connect()) as unknown as SqlDriverAdapter;
    adapter.executeScript = async (script: string) => {
      try {
        await client.exec(script);
      } catch (error) {
        throw toDriverError(error);
      }
    };
    return adapter;
  }

  connect(): Promise<SqlDriverAdapter> {
    return this.open();
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.open();
  }

  async close(): Promise<void> {
    await Promise.all(this.opened.splice(0).map((client) => client.close().catch(() => {})));
  }
}

/** Loads the migrations directory the way the Prisma CLI does (sorted, lockfile included). */
async function readMigrationList(migrationsDir: string): Promise<MigrationList> {
  const lockfilePath = "migration_lock.toml";
  const lockContent = await readFile(path.join(migrationsDir, lockfilePath), "utf8").catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const directories: MigrationDirectory[] = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map(async (name): Promise<MigrationDirectory> => {
        const content = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8")
          .then((value) => ({ tag: "ok" as const, value }))
          .catch((error: Error) => ({ tag: "error" as const, value: error.message }));
        return { path: name, migrationFile: { path: "migration.sql", content } };
      }),
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockfilePath, content: lockContent },
    // The migrations create their own extensions; nothing to prepare.
    shadowDbInitScript: "",
    migrationDirectories: directories,
  };
}

/**
 * The SQL that would bring a database built from the committed migrations to
 * what schema.prisma describes. Whitespace only means no drift. This is both
 * the body of the next migration and the CI drift check.
 */
export async function diffMigrationsToSchema(options: DiffOptions = {}): Promise<string> {
  const schemaPath = path.resolve(options.schemaPath ?? DEFAULT_SCHEMA_PATH);
  const migrationsDir = path.resolve(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  const schema = await readFile(schemaPath, "utf8");
  const migrationsList = await readMigrationList(migrationsDir);
  const { SchemaEngine } = await loadSchemaEngine();

  const factory = new ScratchPGliteFactory();
  let engine: SchemaEngineInstance | undefined;
  try {
    engine = await SchemaEngine.new(
      { datamodels: [[schemaPath, schema]] },
      () => {},
      bindMigrationAwareSqlAdapterFactory(factory as SqlMigrationAwareDriverAdapterFactory),
    );
    const result = await engine.diff({
      // Before the first migration there is no lockfile naming the connector; an empty
      // database is the same starting point.
      from: migrationsList.migrationDirectories.length === 0 ? { tag: "empty" } : { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
      script: true,
      // With an exit code the engine tells us whether there is a change at all; its
      // script for "no change" is a comment, not an empty string.
      exitCode: true,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.exitCode === 0 ? "" : (result.stdout ?? "");
  } catch (error) {
    throw new SchemaDiffError(`Could not diff ${path.relative(process.cwd(), migrationsDir) || migrationsDir} against ${schemaPath}: ${describe(error)}`);
  } finally {
    engine?.free();
    await factory.close();
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object" && "message" in error) return String((error as { message: unknown }).message);
  return typeof error === "string" ? error : JSON.stringify(error);
}
