import { Prisma } from "../db/generated/client";
import type { Db } from "../db/client";
import { sqlNow, sqlNowPlus, type Clock } from "./job-clock";

/**
 * Claims the scheduled jobs whose period has come, once across every
 * instance: each job's row moves its `nextRunAt` one period ahead in the same
 * statement that finds it due, on the database clock. A run that crashes
 * loses only that period's run (scheduled jobs are idempotent sweeps: the
 * next period does the same work).
 */
export async function claimDueSchedules(db: Db, clock: Clock, schedules: { jobId: string; everyMs: number }[]): Promise<string[]> {
  if (schedules.length === 0) return [];
  const now = sqlNow(clock);
  const values = Prisma.join(schedules.map((s) => Prisma.sql`(${s.jobId}::text, ${s.everyMs}::double precision)`));
  await db.$executeRaw`
    INSERT INTO "JobSchedule" ("jobId", "nextRunAt")
    SELECT v.id, ${now} FROM (VALUES ${values}) AS v(id, every)
    ON CONFLICT ("jobId") DO NOTHING`;
  const rows = await db.$queryRaw<{ jobId: string }[]>`
    UPDATE "JobSchedule" j
    SET "nextRunAt" = ${now} + v.every * interval '1 millisecond', "lastRunAt" = ${now}
    FROM (VALUES ${values}) AS v(id, every)
    WHERE j."jobId" = v.id AND j."nextRunAt" <= ${now}
    RETURNING j."jobId"`;
  return rows.map((row) => row.jobId);
}

/** Makes a scheduled job due now (tests, and an operator who wants a sweep at once). */
export async function runScheduleNow(db: Db, clock: Clock, jobId: string): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "JobSchedule" ("jobId", "nextRunAt") VALUES (${jobId}, ${sqlNowPlus(clock, 0)})
    ON CONFLICT ("jobId") DO UPDATE SET "nextRunAt" = EXCLUDED."nextRunAt"`;
}
