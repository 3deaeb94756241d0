import type { z } from "zod";
import type { DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import type { DomainContext } from "../../domain-context";
import type { Clock } from "../job-clock";
import { markWorkQueued } from "../queued-work";
import { currentTraceparent } from "../../observability/spans";

/** The one row-claimed job that runs every kind of deferred job. */
export const RUN_DEFERRED_JOB_ID = "run-deferred-job";

/** Waits before attempts 2, 3, … when a kind names none: 1 min, 5 min, 30 min, 2 h (five attempts in all). */
export const DEFAULT_DEFERRED_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;

/**
 * A kind of fire-once work ("send this later", "check this lead in an
 * hour"): a name, a payload schema and what to do when it is due. Every kind
 * shares one table (`DeferredJob`) and one runner (run-deferred-job.ts);
 * adding one is this definition plus a line in `kinds.ts`.
 *
 * `run` acts as the system principal of the job's organization (events
 * `X-Service-Source: system`, timeline entries by System). It runs at least
 * once: a run that dies before its outcome is recorded runs again, so it
 * must be safe to repeat (or check the rows it writes). A thrown error is a
 * failed attempt, retried after `retryDelaysMs`; the last failure is recorded
 * as `failed`.
 */
export interface DeferredJobKind<Payload> {
  /** Stable name, stored in each row: never change it once rows exist. */
  kind: string;
  payload: z.ZodType<Payload>;
  retryDelaysMs?: readonly number[];
  run(ctx: DomainContext, work: { payload: Payload; jobId: string; attempt: number; clock: Clock }): Promise<void>;
}

// A list of kinds holds payloads of different types side by side; each kind parses its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDeferredJobKind = DeferredJobKind<any>;

export function defineDeferredJob<Payload>(definition: DeferredJobKind<Payload>): DeferredJobKind<Payload> {
  return definition;
}

export interface DeferredWork<Payload> {
  organizationId: string;
  payload: Payload;
  /** An instant, or a delay from now on the database clock. */
  runAt: Date | { afterMs: number };
  /** Names the work within its organization and kind (e.g. a lead id), so `cancelDeferredJobs` can find it. */
  key?: string;
}

/**
 * Schedules a deferred job in the caller's transaction (outbox): it runs once
 * the change commits and its time has come, and never if the change rolls
 * back. The payload is checked against the kind's schema here, so a bad one
 * fails the write, not the job. Returns the job's id.
 */
export async function scheduleDeferredJob<Payload>(tx: DbTx, job: DeferredJobKind<Payload>, work: DeferredWork<Payload>): Promise<string> {
  const [row] = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`${deferredJobInsert(job, work)} RETURNING "id"`);
  deferredJobsQueued();
  return row!.id;
}

/**
 * The job's insert (no RETURNING), for `scheduleDeferredJob` and for a writer
 * that sends it in one statement with its other writes (a lead's create,
 * server/leads/lead-story.ts), which then calls `deferredJobsQueued`.
 */
export function deferredJobInsert<Payload>(job: DeferredJobKind<Payload>, work: DeferredWork<Payload>): Prisma.Sql {
  const payload = JSON.stringify(job.payload.parse(work.payload));
  const runAt = work.runAt instanceof Date ? work.runAt : null;
  const afterMs = work.runAt instanceof Date ? 0 : work.runAt.afterMs;
  return Prisma.sql`
    INSERT INTO "DeferredJob" ("id", "organizationId", "kind", "payload", "key", "runAt", "traceparent")
    VALUES (gen_random_uuid(), ${work.organizationId}::uuid, ${job.kind}, ${payload}::jsonb, ${work.key ?? null},
            COALESCE(${runAt}::timestamptz, now() + ${afterMs}::double precision * interval '1 millisecond'), ${currentTraceparent()})`;
}

/** After the statement that wrote jobs: the runner is nudged. */
export function deferredJobsQueued(): void {
  markWorkQueued(RUN_DEFERRED_JOB_ID);
}

/**
 * Cancels the pending jobs of a kind with this key in an organization (the
 * lead was answered, the deadline no longer applies); returns how many. A run
 * already under way finishes its work, but its outcome is not recorded over
 * the cancellation.
 */
export async function cancelDeferredJobs(
  tx: DbTx,
  job: Pick<AnyDeferredJobKind, "kind">,
  target: { organizationId: string; key: string },
): Promise<number> {
  return tx.$executeRaw`
    UPDATE "DeferredJob" SET "status" = 'cancelled', "completedAt" = now(), "lockedUntil" = NULL
    WHERE "organizationId" = ${target.organizationId}::uuid AND "kind" = ${job.kind} AND "key" = ${target.key} AND "status" = 'pending'`;
}
