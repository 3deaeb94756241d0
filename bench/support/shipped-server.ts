import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * The app as `npm start` runs it, for the benchmarks: the production build
 * served by `scripts/start.ts --no-build` (scripts/serve-production.ts with
 * Next's production server behind it, the instrumentation hook and its
 * embedded job driver: exactly what ships) on a free loopback
 * port, against the bench database. The build is made first when there is
 * none (`.next/BUILD_ID`) or when `rebuild` is asked for.
 */
export interface ShippedServer {
  baseUrl: string;
  /** `fetch` against `/api/v1`, with an optional bearer. */
  api(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  /** The session secret the server signs dashboard sessions with (for a bench's own cookie). */
  authSecret: string;
  /**
   * CPU seconds (user + system) the server's processes have used so far, read
   * from /proc (Linux; NaN elsewhere). Per request, the difference over a
   * scenario is a figure that does not depend on what else the machine runs,
   * unlike throughput and latency.
   */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export function ensureBuild(options: { rebuild?: boolean; log: (line: string) => void }): void {
  if (!options.rebuild && existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    options.log("using the existing production build (.next); BENCH_BUILD=1 rebuilds it first");
    return;
  }
  options.log("building the app (next build)…");
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed");
}

/** A port nobody listens on right now (from BENCH_PORT upwards when set, else any the system gives). */
async function freePort(from?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(null));
      server.listen(port, "127.0.0.1", () => {
        const { port: bound } = server.address() as net.AddressInfo;
        server.close(() => resolve(bound));
      });
    });
  if (from) {
    for (let port = from; port < from + 100; port++) {
      const bound = await tryPort(port);
      if (bound) return bound;
    }
  }
  const any = await tryPort(0);
  if (!any) throw new Error("no free port");
  return any;
}

export async function startShippedServer(
  databaseUrl: string,
  options: { cpuProfileDir?: string; env?: Record<string, string>; log: (line: string) => void },
): Promise<ShippedServer> {
  const port = await freePort(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined);
  const authSecret = randomBytes(32).toString("base64url");
  // The server process writes its profile when it stops (scripts/start.ts passes --cpu-prof to it).
  if (options.cpuProfileDir) mkdirSync(options.cpuProfileDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/start.ts"), "--no-build"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      // As `npm start` runs it: `next start` serves the production build whatever NODE_ENV says.
      ...(options.cpuProfileDir ? { INMO_CPU_PROFILE_DIR: options.cpuProfileDir } : {}),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NEXTAUTH_SECRET: authSecret,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXT_TELEMETRY_DISABLED: "1",
      INMO_LOG: process.env.INMO_LOG ?? "silent",
      ...options.env,
    },
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  // Health is what `npm start`'s users wait for; bounded so a broken build fails the bench instead of hanging it.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shipped server exited:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the shipped server did not answer /api/v1/health within 3 minutes:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const how = options.env?.INMO_SERVER === "next" ? "plain next start" : "scripts/serve-production.ts";
  options.log(`shipped server (scripts/start.ts --no-build → ${how}) on ${baseUrl}, pid ${child.pid}`);

  return {
    baseUrl,
    authSecret,
    cpuSeconds: () => processTreeCpuSeconds(child.pid!),
    api(apiPath, init = {}) {
      const { token, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== undefined) headers.set("Authorization", `Bearer ${token}`);
      if (json !== undefined) headers.set("Content-Type", "application/json");
      return fetch(`${baseUrl}/api/v1${apiPath}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process and all its descendants, in seconds, from /proc (NaN without /proc). */
export function processTreeCpuSeconds(rootPid: number): number {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return Number.NaN;
  }
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) queue.push(child);
  }
  return ticks / TICKS_PER_SECOND;
}
