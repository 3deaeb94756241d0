import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

/**
 * The parent's side of `app-instance.ts`: starts one app instance as a child
 * process, resolves once it serves, and follows what it reports on stdout
 * (which webhook deliveries it started and finished).
 */
export interface AppInstance {
  name: string;
  baseUrl: string;
  /** `fetch` against this instance's `/api/v1`, with an optional bearer. */
  api(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** Delivery ids whose run this instance started (clear it to count afresh). */
  ran: Set<string>;
  /** Runs started and not finished (what was in flight, once the process is gone). */
  inFlight(): Set<string>;
  /** Resolves once this instance has started `count` runs since `ran` was last cleared. */
  waitForStarted(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when the process has exited and its stdout is fully read. */
  exited: Promise<void>;
  /** The last few kilobytes the process wrote on stderr (its logs, when `INMO_LOG` is not `silent`). */
  stderr(): string;
  /** How the process ended (null while it runs): its exit code, or the signal that killed it. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Sends the signal (default: SIGTERM, then SIGKILL if still running after 3 s) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const SCRIPT = path.join(import.meta.dirname, "app-instance.ts");
// A backstop against an instance that never comes up, not a measure of speed (60 s was not enough at load 25).
const START_TIMEOUT_MS = 150_000;

export async function startAppInstance(name: string, env: Record<string, string>): Promise<AppInstance> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", SCRIPT], {
    cwd: path.join(import.meta.dirname, "../.."),
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"], // stdin: the child exits when it closes (see app-instance.ts)
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));

  const ran = new Set<string>();
  const running = new Map<string, number>();
  const waiters: { count: number; resolve: () => void }[] = [];
  let ready: (port: number) => void;
  const port = new Promise<number>((resolve) => (ready = resolve));

  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    let message: { ready?: { port: number }; start?: string; done?: string };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      return; // not one of ours
    }
    if (message.ready) ready(message.ready.port);
    if (message.start) {
      ran.add(message.start);
      running.set(message.start, (running.get(message.start) ?? 0) + 1);
      for (const waiter of [...waiters]) if (ran.size >= waiter.count) waiter.resolve();
    }
    if (message.done) {
      const left = (running.get(message.done) ?? 1) - 1;
      if (left > 0) running.set(message.done, left);
      else running.delete(message.done);
    }
  });

  const started = await Promise.race([
    port,
    exited.then(() => {
      throw new Error(`app instance ${name} exited before it was ready:\n${stderr}`);
    }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`app instance ${name} not ready in time:\n${stderr}`)), START_TIMEOUT_MS).unref()),
  ]).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  const baseUrl = `http://127.0.0.1:${started}`;

  return {
    name,
    baseUrl,
    api(apiPath, init = {}) {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token !== undefined) headers.set("Authorization", `Bearer ${token}`);
      return fetch(`${baseUrl}/api/v1${apiPath}`, { ...rest, headers });
    },
    ran,
    inFlight: () => new Set(running.keys()),
    waitForStarted(count, timeoutMs = 20_000) {
      if (ran.size >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name}: expected ${count} runs started, saw ${ran.size}`)), timeoutMs);
        const waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            waiters.splice(waiters.indexOf(waiter), 1);
            resolve();
          },
        };
        waiters.push(waiter);
      });
    },
    exited,
    stderr: () => stderr,
    exitStatus: () => (child.exitCode === null && child.signalCode === null ? null : { code: child.exitCode, signal: child.signalCode }),
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal ?? "SIGTERM");
      if (!signal) {
        const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}
