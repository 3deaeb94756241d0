import type { Db, DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { sqlNow, type Clock } from "../jobs/job-clock";
import { DUE_SOON_MS } from "./notification-kinds";
import { noticeLeadName, notifyUsers } from "./notify-users";

/** Most owners one sweep warns; the rest are warned by the next minute's (their window is two sweeps wide). */
const SWEEP_LIMIT = 1_000;

interface DueSoonLead {
  id: string;
  organizationId: string;
  assignedToId: string;
  dueAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * Warns each owner whose first-touch deadline runs out within the next two
 * minutes (by `clock`, the database's in production) and who has not touched
 * the lead: one `first_touch_due_soon` notice per deadline (the deadline is in
 * its once-only key, so a sweep that runs twice, or overlapping sweeps, warn
 * once, and a new deadline after a reassignment warns its new owner again).
 * Run every minute by `warn-first-touch-due`; answers how many were warned.
 */
export async function warnDueSoonFirstTouches(db: Db, clock: Clock): Promise<number> {
  const due = await db.$queryRaw<DueSoonLead[]>`
    SELECT l."id", l."organizationId"::text AS "organizationId", l."assignedToId"::text AS "assignedToId", l."firstTouchDueAt" AS "dueAt",
      l."firstName", l."lastName", l."email", l."phone"
    FROM "Lead" l
    WHERE l."firstTouchAt" IS NULL AND l."status" = 'new' AND l."assignedToId" IS NOT NULL
      AND l."firstTouchDueAt" > ${sqlNow(clock)} AND l."firstTouchDueAt" <= ${sqlNow(clock)} + ${DUE_SOON_MS}::double precision * interval '1 millisecond'
    ORDER BY l."firstTouchDueAt" LIMIT ${SWEEP_LIMIT}`;
  let warned = 0;
  for (const lead of due) {
    const told = await runInTransaction(db, (tx) =>
      notifyUsers(tx, lead.organizationId, {
        userIds: [lead.assignedToId],
        kind: "first_touch_due_soon",
        leadId: lead.id,
        leadName: noticeLeadName(lead),
        dedupeKey: `first_touch_due_soon:${lead.id}:${lead.dueAt.toISOString()}`,
      }),
    );
    warned += told.length;
  }
  return warned;
}

/** A missed first touch escalated to a pool's follower (the `notify` step): told in the escalating transaction, beside the e-mail. */
export async function notifyBreachEscalated(
  tx: DbTx,
  organizationId: string,
  followerUserId: string,
  lead: { id: string; firstName: string | null; lastName: string | null; email: string | null; phone: string | null },
): Promise<void> {
  await notifyUsers(tx, organizationId, { userIds: [followerUserId], kind: "first_touch_escalated", leadId: lead.id, leadName: noticeLeadName(lead) });
}
