import { Prisma } from "../../db/generated/client";
import { systemPrincipal } from "../../auth/system-principal";
import { sqlNow, sqlNowPlus } from "../job-clock";
import type { JobRuntime } from "../job-runtime";
import { DEFAULT_DEFERRED_RETRY_DELAYS_MS, type AnyDeferredJobKind } from "./deferred-job";

/** The step's result: JSON-safe, because Inngest memoises it. */
export type DeferredOutcome =
  | { state: "done"; attempt: number }
  | { state: "retrying"; attempt: number; error: string; runAt: string }
  | { state: "failed"; attempt: number; error: string }
  | { state: "skipped"; reason: "gone" | "not-pending" | "superseded" };

interface DeferredRow {
  organizationId: string;
  kind: string;
  payload: unknown;
  status: string;
  attemptCount: number;
}

/** Runs the kind's work, returning the error that failed it (null when it succeeded) and whether retrying could help. */
async function perform(runtime: JobRuntime, kind: AnyDeferredJobKind | undefined, row: DeferredRow, jobId: string, attempt: number) {
  if (!kind) return { error: `no deferred job kind "${row.kind}" is registered`, final: true };
  const parsed = kind.payload.safeParse(row.payload);
  if (!parsed.success) return { error: `the payload does not match ${row.kind}: ${parsed.error.message}`, final: true };
  try {
    const principal = await systemPrincipal(runtime.db, row.organizationId);
    await kind.run({ db: runtime.db, principal }, { payload: parsed.data, jobId, attempt, clock: runtime.clock });
    return { error: null, final: false };
  } catch (error) {
    return { error: (error instanceof Error ? error.message : String(error)).slice(0, 1_000), final: false };
  }
}

/**
 * One attempt at one deferred job, recorded with the job's next state in one
 * statement guarded by the attempt number (as webhook and mail attempts
 * are), so a replayed step or a second worker after an expired lease never
 * records twice, and a cancelled job's late run records nothing.
 */
export async function attemptDeferredJob(
  runtime: JobRuntime,
  kinds: ReadonlyMap<string, AnyDeferredJobKind>,
  jobId: string,
  attempt: number,
): Promise<DeferredOutcome> {
  const { db, clock } = runtime;
  const [row] = await db.$queryRaw<DeferredRow[]>`
    SELECT "organizationId", "kind", "payload", "status"::text AS status, "attemptCount" FROM "DeferredJob" WHERE "id" = ${jobId}::uuid`;
  if (!row) return { state: "skipped", reason: "gone" };
  if (row.status !== "pending") return { state: "skipped", reason: "not-pending" };
  if (row.attemptCount !== attempt - 1) return { state: "skipped", reason: "superseded" };

  const kind = kinds.get(row.kind);
  const { error, final } = await perform(runtime, kind, row, jobId, attempt);
  const delays = kind?.retryDelaysMs ?? DEFAULT_DEFERRED_RETRY_DELAYS_MS;
  const retry = error !== null && !final && attempt <= delays.length;
  const status = error === null ? "done" : retry ? "pending" : "failed";
  const now = sqlNow(clock);
  const rows = await db.$queryRaw<{ runAt: Date }[]>`
    UPDATE "DeferredJob"
    SET "status" = ${status}::"DeferredJobStatus", "attemptCount" = ${attempt}::int, "lockedUntil" = NULL, "lastError" = ${error}::text,
        "runAt" = ${retry ? sqlNowPlus(clock, delays[attempt - 1]!) : Prisma.sql`"runAt"`},
        "completedAt" = ${status === "pending" ? Prisma.sql`NULL::timestamptz` : now}
    WHERE "id" = ${jobId}::uuid AND "status" = 'pending' AND "attemptCount" = ${attempt - 1}::int
    RETURNING "runAt"`;
  if (rows.length === 0) return { state: "skipped", reason: "superseded" };
  if (error === null) return { state: "done", attempt };
  if (retry) return { state: "retrying", attempt, error, runAt: rows[0]!.runAt.toISOString() };
  return { state: "failed", attempt, error };
}
