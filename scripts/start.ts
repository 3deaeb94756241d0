import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import readline from "node:readline";
import { config, ConfigurationError } from "../server/config/config";
import { acquireDatabase } from "../server/db/connection";
import type { EmbeddedDatabase } from "../server/db/embedded-postgres";
import { applyMigrations, MigrationError } from "../server/db/migrations";
import { shutdownTimeoutMs } from "../server/jobs/lease";
import { productionSettingsProblems } from "../server/system/production-settings";

/**
 * `npm start`: the zero-setup way to run inmo.
 * 1. Database: DATABASE_URL, or the embedded PostgreSQL under .data/ (started here, stopped on exit).
 * 2. Migrations: applied before the app serves; a failed migration stops start-up and leaves the database unchanged.
 * 3. Auth secret: NEXTAUTH_SECRET, or one generated once and kept in .data/auth-secret.
 * 4. `next build` (skipped with --no-build), then the production server (scripts/serve-production.ts: the REST
 *    door served directly, the rest by Next's production server) or `next dev` with --dev, on PORT (default 3000).
 * With NODE_ENV=production it first refuses unsafe settings (server/system/production-settings.ts).
 * Ctrl-C (or SIGTERM) stops the app gracefully first (it hands its background work back and closes its
 * connections, server/system/graceful-shutdown.ts), then the embedded database.
 */
const args = new Set(process.argv.slice(2));
const dev = args.has("--dev");
const build = !dev && !args.has("--no-build");
const nextBin = path.resolve("node_modules", "next", "dist", "bin", "next");

function say(message: string) {
  process.stderr.write(`[inmo] ${message}\n`);
}

/** The configuration, checked before anything starts: a bad value stops here, naming the variable. */
function settings() {
  try {
    return config();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    say(`start-up stopped: ${error.message}`);
    process.exit(1);
  }
}
const { PORT, INMO_DATA_DIR, NODE_ENV, DATABASE_URL, NEXTAUTH_SECRET, NEXTAUTH_URL } = settings();
const port = String(PORT);
const dataDir = path.resolve(INMO_DATA_DIR);

function authSecret(): string {
  if (NEXTAUTH_SECRET) return NEXTAUTH_SECRET;
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    say(`generated a session secret in ${file} (set NEXTAUTH_SECRET to manage it yourself)`);
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * The embedded PostgreSQL, run by a helper in a process group of its own
 * (scripts/db/embedded-postgres-host.ts): Ctrl-C reaches this script and Next,
 * not PostgreSQL, which is stopped only once Next has closed its connections.
 */
async function startDatabase(log: (line: string) => void): Promise<EmbeddedDatabase> {
  if (DATABASE_URL) return acquireDatabase(log);
  const host = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts", "db", "embedded-postgres-host.ts")], {
    detached: true,
    stdio: ["pipe", "pipe", "pipe"], // stdin stays open: the helper stops the database when it closes
  });
  readline.createInterface({ input: host.stderr! }).on("line", log);
  const exited = new Promise<void>((resolve) => host.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: host.stdout! }).once("line", (line) => {
      const message = JSON.parse(line) as { url?: string; error?: string };
      if (message.url) resolve(message.url);
      else reject(new Error(message.error ?? "the embedded PostgreSQL did not start"));
    });
    void exited.then(() => reject(new Error("the embedded PostgreSQL did not start")));
  });
  return {
    url,
    owned: true,
    stop: async () => {
      if (host.exitCode === null && host.signalCode === null) host.kill("SIGTERM");
      await exited;
    },
  };
}

/** INMO_CPU_PROFILE_DIR: the server process writes a V8 CPU profile there when it stops (performance work; `npm run bench`). */
function profilingArgs(): string[] {
  const dir = config().INMO_CPU_PROFILE_DIR;
  return dir ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(dir)] : [];
}

function run(command: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...(command[0] === "build" ? [] : profilingArgs()), nextBin, ...command], { stdio: "inherit", env });
}

function serveProduction(env: NodeJS.ProcessEnv): ChildProcess {
  const script = path.resolve("scripts", "serve-production.ts");
  return spawn(process.execPath, [...profilingArgs(), "--import", "tsx", script], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
}

/**
 * With `TRUSTED_PROXY_HOPS=direct` the server records each connection's peer
 * as its X-Forwarded-For (server/http/direct-peer-address.mjs), loaded through
 * NODE_OPTIONS so it reaches the process Next serves from, whichever it is.
 */
function peerAddressOptions(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (settings().TRUSTED_PROXY_HOPS !== "direct") return env;
  const preload = `--import=${pathToFileURL(path.resolve("server", "http", "direct-peer-address.mjs")).href}`;
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, preload].filter(Boolean).join(" ") };
}

function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 0 : 1))));
}

async function main() {
  if (NODE_ENV === "production") {
    const problems = productionSettingsProblems(config());
    if (problems.length > 0) {
      say(`refusing to start in production:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
      process.exit(1);
    }
  }
  const database = await startDatabase((line) => {
    if (/error|fatal/i.test(line)) say(line);
  });
  say(DATABASE_URL ? "using the database at DATABASE_URL" : `using the embedded PostgreSQL in ${dataDir}`);

  let child: ChildProcess | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await exitCodeOf(child);
    }
    await database.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  try {
    const applied = await applyMigrations(database.url, { log: say });
    say(applied.length > 0 ? `applied ${applied.length} migration(s)` : "database schema is up to date");
  } catch (error) {
    say(error instanceof MigrationError ? `start-up stopped: ${error.message}` : `start-up stopped: ${String(error)}`);
    await shutdown(1);
    return;
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXTAUTH_SECRET: authSecret(),
    NEXTAUTH_URL: NEXTAUTH_URL ?? `http://localhost:${port}`,
    PORT: port,
    // The app handles SIGTERM/SIGINT itself (a graceful stop, exit 0) instead of Next's immediate exit…
    NEXT_MANUAL_SIG_HANDLE: "true",
    // …and `next dev` gives it the time that takes before it kills its server process.
    NEXT_EXIT_TIMEOUT_MS: String(shutdownTimeoutMs() + 5_000),
  };

  if (build) {
    say("building the app (next build; a few minutes the first time, types are checked by `npm run typecheck`, not here)…");
    const started = Date.now();
    child = run(["build"], { ...env, NODE_ENV: "production" });
    // Next is silent for minutes while it compiles: say that it is still at work.
    const heartbeat = setInterval(() => say(`still building (${Math.round((Date.now() - started) / 1000)} s)…`), 20_000);
    const code = await exitCodeOf(child);
    clearInterval(heartbeat);
    if (code === 0) say(`built in ${Math.round((Date.now() - started) / 1000)} s; starting the server…`);
    if (code !== 0) {
      say("build failed");
      await shutdown(code);
      return;
    }
  }
  // Production: scripts/serve-production.ts (the REST door served directly, everything else by Next); `--dev`: `next dev`.
  // INMO_SERVER=next serves everything through plain `next start` (the door then runs inside Next, slower; for comparison).
  const served = peerAddressOptions(env);
  child = dev ? run(["dev", "-p", port], served) : config().INMO_SERVER === "next" ? run(["start", "-p", port], served) : serveProduction(served);
  say(`serving on http://localhost:${port}`);
  await shutdown(await exitCodeOf(child));
}

main().catch(async (error: unknown) => {
  say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
