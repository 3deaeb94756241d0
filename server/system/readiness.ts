import type { Db } from "../db/client";
import { getDb } from "../db";
import { pendingMigrations } from "../db/migrations";
import { configuredDriver } from "../jobs/driver-choice";
import { isEmbeddedDriverRunning } from "../jobs/embedded/process-driver";
import { checkDatabase } from "./check-database";
import { isShuttingDown } from "./graceful-shutdown";

export interface Readiness {
  ready: boolean;
  checks: {
    database: "ok" | "unreachable";
    /** `pending`: the code has migrations the database lacks (a deploy racing its migration step). */
    migrations: "ok" | "pending" | "unknown";
    /** The embedded driver runs in this process, or Inngest runs the jobs. */
    jobs: "running" | "inngest" | "stopped";
    shutdown: "no" | "in_progress";
  };
}

async function migrationState(db: Db): Promise<Readiness["checks"]["migrations"]> {
  try {
    return (await pendingMigrations(db)).length === 0 ? "ok" : "pending";
  } catch {
    return "unknown";
  }
}

/**
 * Whether this instance should receive traffic (`GET /api/ready`), unlike
 * `/api/v1/health`, which says the process and its database answer: not while
 * migrations are pending, while it shuts down, or while its job driver is not
 * running (an instance that serves requests but runs no background work
 * would leave deliveries and mails waiting if it were the only one).
 */
export async function readiness(): Promise<Readiness> {
  const shutdown = isShuttingDown() ? "in_progress" : "no";
  const jobs = configuredDriver() === "inngest" ? "inngest" : isEmbeddedDriverRunning() ? "running" : "stopped";
  let database: Readiness["checks"]["database"] = "unreachable";
  let migrations: Readiness["checks"]["migrations"] = "unknown";
  if (shutdown === "no") {
    const db = await getDb().catch(() => null);
    if (db && (await checkDatabase(db))) {
      database = "ok";
      migrations = await migrationState(db);
    }
  }
  const checks = { database, migrations, jobs, shutdown } as const;
  return { ready: database === "ok" && migrations === "ok" && jobs !== "stopped" && shutdown === "no", checks };
}

export async function handleReadinessRequest(): Promise<Response> {
  const { ready, checks } = await readiness();
  return Response.json({ status: ready ? "ready" : "unavailable", checks }, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
