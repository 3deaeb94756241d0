import type { Db } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { sqlNow, sqlNowPlus, type Clock } from "../jobs/job-clock";
import { markWorkQueued } from "../jobs/queued-work";
import { planSlots } from "./sequence-pacing";
import { completeSequenceIfDone } from "./complete-sequence";
import { DISPATCH_SEQUENCE_CONTACT_JOB_ID } from "./sequence-job-ids";
import type { SequenceThrottle } from "./sequence-values";

/** How far ahead the planner gives out slots: a pause gives these back, so it stays short. */
export const PLAN_HORIZON_MS = 120_000;

interface RunningSequence {
  id: string;
  throttle: SequenceThrottle;
  tat: Date | null;
}

/**
 * The planner (the plan-sequence-slots job, every minute): for each running sequence (each in its
 * own transaction, locked with SKIP LOCKED so instances never plan one
 * sequence twice), the next pending contacts in enrolment order get a slot
 * (`scheduled`, `dispatchAt`) from the GCRA inside business hours up to the
 * horizon, and the sequence's `tat` moves past the last slot. A running
 * sequence with no contact left to dispatch becomes `completed` (if its last
 * dispatch did not already complete it, see complete-sequence.ts).
 */
export async function planRunningSequences(db: Db, clock: Clock, horizonMs = PLAN_HORIZON_MS): Promise<number> {
  // A sequence whose pacing already reaches past the horizon has nothing to plan yet (and is not done: it has slots ahead).
  const ids = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Sequence" WHERE "status" = 'running' AND ("tat" IS NULL OR "tat" < ${sqlNowPlus(clock, horizonMs)})`;
  let planned = 0;
  for (const { id } of ids) planned += await planSequence(db, clock, id, horizonMs);
  return planned;
}

async function planSequence(db: Db, clock: Clock, sequenceId: string, horizonMs: number): Promise<number> {
  return runInTransaction(db, async (tx) => {
    const rows = await tx.$queryRaw<RunningSequence[]>`
      SELECT "id", "throttle", "tat" FROM "Sequence" WHERE "id" = ${sequenceId} AND "status" = 'running' FOR UPDATE SKIP LOCKED`;
    const sequence = rows[0];
    if (!sequence) return 0;
    const counts = await tx.$queryRaw<{ pending: number; open: number; now: Date }[]>`
      SELECT count(*) FILTER (WHERE "status" = 'pending')::int AS pending,
             count(*) FILTER (WHERE "status" IN ('pending', 'scheduled', 'in_progress'))::int AS open,
             ${sqlNow(clock)} AS now
      FROM "SequenceContact" WHERE "sequenceId" = ${sequenceId}`;
    const { pending, open, now } = counts[0]!;
    if (open === 0) {
      await completeSequenceIfDone(tx, clock, { sequenceId });
      return 0;
    }
    if (pending === 0) return 0;
    const nowMs = new Date(now).getTime();
    const { slots, tat } = planSlots(nowMs, nowMs + horizonMs, sequence.tat ? new Date(sequence.tat).getTime() : null, sequence.throttle, pending);
    if (slots.length === 0) return 0;
    const instants = slots.map((ms) => new Date(ms).toISOString());
    const updated = await tx.$executeRaw`
      WITH next AS (
        SELECT "id", row_number() OVER (ORDER BY "position") AS n FROM "SequenceContact"
        WHERE "sequenceId" = ${sequenceId} AND "status" = 'pending' ORDER BY "position" LIMIT ${slots.length}
      ), slot AS (
        SELECT at::timestamptz AS at, n FROM unnest(${instants}::text[]) WITH ORDINALITY AS s(at, n)
      )
      UPDATE "SequenceContact" c SET "status" = 'scheduled', "dispatchAt" = slot.at, "lockedUntil" = NULL
      FROM next JOIN slot ON slot.n = next.n WHERE c."id" = next."id"`;
    await tx.$executeRaw`UPDATE "Sequence" SET "tat" = ${new Date(tat)} WHERE "id" = ${sequenceId}`;
    // The first slots may be due now: the dispatch claim is nudged after the commit.
    markWorkQueued(DISPATCH_SEQUENCE_CONTACT_JOB_ID);
    return updated;
  });
}
