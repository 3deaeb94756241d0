import { Prisma } from "../db/generated/client";
import type { Db, DbTx } from "../db/client";
import { sqlNow, type Clock } from "./job-clock";
import { markWorkQueued } from "./queued-work";

/** A scheduled job's run claimed for one period; `claimedAt` (on the job clock) identifies the claim. */
export interface ScheduledRunClaim {
  jobId: string;
  claimedAt: Date;
}

/**
 * Claims the scheduled jobs whose period has come, once across every
 * instance: each job's row moves its `nextRunAt` one period ahead in the same
 * statement that finds it due, on the database clock. A run that crashes
 * loses only that period's run (scheduled jobs are idempotent sweeps: the
 * next period does the same work); a run handed back at shutdown is due again
 * at once (`releaseScheduledRun`).
 */
export async function claimDueSchedules(db: Db, clock: Clock, schedules: { jobId: string; periodMs: number }[]): Promise<ScheduledRunClaim[]> {
  if (schedules.length === 0) return [];
  const now = sqlNow(clock);
  const values = Prisma.join(schedules.map((s) => Prisma.sql`(${s.jobId}::text, ${s.periodMs}::double precision)`));
  await db.$executeRaw`
    INSERT INTO "JobSchedule" ("jobId", "nextRunAt")
    SELECT v.id, ${now} FROM (VALUES ${values}) AS v(id, period)
    ON CONFLICT ("jobId") DO NOTHING`;
  return db.$queryRaw<ScheduledRunClaim[]>`
    UPDATE "JobSchedule" j
    SET "nextRunAt" = ${now} + v.period * interval '1 millisecond', "lastRunAt" = ${now}
    FROM (VALUES ${values}) AS v(id, period)
    WHERE j."jobId" = v.id AND j."nextRunAt" <= ${now}
    RETURNING j."jobId", j."lastRunAt" AS "claimedAt"`;
}

/** Hands a period's run back unfinished (shutdown): the job is due again at once, unless another run was claimed since. */
export async function releaseScheduledRun(db: Db, claim: ScheduledRunClaim): Promise<void> {
  await db.$executeRaw`
    UPDATE "JobSchedule" SET "nextRunAt" = "lastRunAt"
    WHERE "jobId" = ${claim.jobId} AND "lastRunAt" = ${claim.claimedAt}::timestamptz`;
}

/**
 * A writer that needs a scheduled job's next run now (a launched sequence
 * needs its first slots) makes the job's period due in its own transaction;
 * the drivers are nudged after the commit, and if the nudge is lost, the next
 * poll of any instance finds the row due.
 */
export async function queueScheduledRun(tx: DbTx, jobId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "JobSchedule" ("jobId", "nextRunAt") VALUES (${jobId}, now())
    ON CONFLICT ("jobId") DO UPDATE SET "nextRunAt" = LEAST("JobSchedule"."nextRunAt", EXCLUDED."nextRunAt")`;
  markWorkQueued(jobId);
}
