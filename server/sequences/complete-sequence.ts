import { Prisma } from "../db/generated/client";
import type { Db, DbTx } from "../db/client";
import { sqlNow, type Clock } from "../jobs/job-clock";

/**
 * A running sequence with no contact left to dispatch (none pending,
 * scheduled or in progress) becomes `completed`. Checked when a contact's
 * outcome is recorded (after its transaction, so it holds no contact lock
 * while it takes the sequence's row) and by every planner run, which catches
 * two last contacts recorded at the same instant, each unaware of the other.
 */
export async function completeSequenceIfDone(db: Db | DbTx, clock: Clock, which: { sequenceId: string } | { contactId: string }): Promise<boolean> {
  const sequence =
    "sequenceId" in which
      ? Prisma.sql`${which.sequenceId}`
      : Prisma.sql`(SELECT "sequenceId" FROM "SequenceContact" WHERE "id" = ${which.contactId}::uuid)`;
  const completed = await db.$executeRaw`
    UPDATE "Sequence" s SET "status" = 'completed', "completedAt" = ${sqlNow(clock)}, "updatedAt" = now()
    WHERE s."id" = ${sequence} AND s."status" = 'running'
      AND NOT EXISTS (
        SELECT 1 FROM "SequenceContact" c WHERE c."sequenceId" = s."id" AND c."status" IN ('pending', 'scheduled', 'in_progress'))`;
  return completed > 0;
}
