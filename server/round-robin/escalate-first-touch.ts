import { systemPrincipal } from "../auth/system-principal";
import type { Db, DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { runInTransaction } from "../db/run-in-transaction";
import { sqlNow, type Clock } from "../jobs/job-clock";
import { changeLead } from "../leads/change-lead";
import { deadlinePolicyOf } from "../leads/first-touch/first-touch-deadline";
import { recordFirstTouchBreach, type FirstTouchEscalation } from "../leads/first-touch/record-breach";
import { addWorkingMinutes } from "../leads/first-touch/working-time";
import { notifyBreachEscalated } from "../notifications/first-touch-notices";
import { assignByTurn } from "./assign-by-turn";
import { queueBreachNotice } from "./breach-notice-mail";
import { takeTurn, type Turn } from "./take-turn";

/** The steps a pool's policy lists, one per missed deadline (the last repeats). */
export const ESCALATION_STEPS = ["reassign", "pond", "notify"] as const;
export type EscalationStep = (typeof ESCALATION_STEPS)[number];

/** Most leads one sweep escalates; the rest wait for the next minute's. */
const SWEEP_LIMIT = 500;

/** A deadline that ran out, as the sweep reads it (and reads again under the lead's lock). */
const dueCondition = (now: Date) => Prisma.sql`
  l."firstTouchAt" IS NULL AND l."firstTouchDueAt" <= ${now}::timestamptz AND l."status" = 'new' AND l."assignedToId" IS NOT NULL
  AND (l."firstTouchBreachedAt" IS NULL OR l."firstTouchBreachedAt" < l."firstTouchDueAt")`;

interface DueLead {
  id: string;
  organizationId: string;
  assignedToId: string;
  roundRobinId: string | null;
  firstTouchBreaches: number;
  firstTouchMissedBy: string[];
}

/**
 * Escalates every first-touch deadline that ran out by `clock` (the
 * database's in production): the scheduled job runs it every minute, once
 * per minute across every instance, and each lead is escalated in its own
 * transaction under its row lock (`FOR UPDATE SKIP LOCKED`, the deadline
 * read again under it), so even two overlapping sweeps never escalate one
 * deadline twice. Answers how many deadlines it escalated.
 */
export async function escalateDueFirstTouches(db: Db, clock: Clock): Promise<number> {
  const [{ now } = { now: new Date() }] = await db.$queryRaw<{ now: Date }[]>`SELECT ${sqlNow(clock)} AS now`;
  const due = await db.$queryRaw<{ id: string; organizationId: string }[]>`
    SELECT l."id", l."organizationId"::text AS "organizationId" FROM "Lead" l
    WHERE ${dueCondition(now)} ORDER BY l."firstTouchDueAt" LIMIT ${SWEEP_LIMIT}`;
  let escalated = 0;
  for (const lead of due) {
    if (await runInTransaction(db, (tx) => escalateOne(tx, lead.organizationId, lead.id, now))) escalated++;
  }
  return escalated;
}

/** The step of the next breach: the pool's policy, one step per breach so far, the last repeating; none without a pool. */
export function stepFor(steps: readonly string[], breachesSoFar: number): EscalationStep | null {
  const step = steps[Math.min(breachesSoFar, steps.length - 1)];
  return (ESCALATION_STEPS as readonly string[]).includes(step ?? "") ? (step as EscalationStep) : null;
}

async function escalateOne(tx: DbTx, organizationId: string, leadId: string, now: Date): Promise<boolean> {
  const [lead] = await tx.$queryRaw<DueLead[]>`
    SELECT l."id", l."organizationId"::text AS "organizationId", l."assignedToId"::text AS "assignedToId", l."roundRobinId"::text AS "roundRobinId",
      l."firstTouchBreaches", l."firstTouchMissedBy"::text[] AS "firstTouchMissedBy"
    FROM "Lead" l WHERE l."id" = ${leadId} AND l."organizationId" = ${organizationId}::uuid AND ${dueCondition(now)}
    FOR UPDATE SKIP LOCKED`;
  if (!lead) return false;
  const principal = await systemPrincipal(tx, organizationId);
  const pool = lead.roundRobinId
    ? await tx.roundRobinPool.findFirst({ where: { id: lead.roundRobinId, organizationId }, select: { id: true, firstTouchEscalation: true, followerUserId: true } })
    : null;
  const missedBy = lead.assignedToId;
  let step = pool ? stepFor(pool.firstTouchEscalation, lead.firstTouchBreaches) : null;
  // Nobody to tell: the breach is only marked, and said so.
  if (step === "notify" && !pool?.followerUserId) step = null;

  // Lock order lead, then pool (the turn), as every assignment.
  let turn: Turn | null = null;
  if (step === "reassign") {
    turn = await takeTurn(tx, organizationId, pool!.id, { excludeUserIds: [...lead.firstTouchMissedBy, missedBy] });
    // Everyone eligible already missed it: the pond is the next place it can wait.
    if (!turn) step = "pond";
  }
  const escalation: FirstTouchEscalation = step === "reassign" ? "reassigned" : step === "pond" ? "released" : step === "notify" ? "notified" : "none";
  let nextDueAt: Date | undefined;
  if (step === "notify") {
    const policy = await deadlinePolicyOf(tx, organizationId, missedBy, lead.roundRobinId);
    nextDueAt = new Date(addWorkingMinutes(now.getTime(), policy.minutes, policy.hours, policy.timeZone));
  }
  const before = await recordFirstTouchBreach(tx, principal, leadId, { at: now, missedBy, escalation, nextDueAt });

  if (turn) {
    const metadata = { reason: "first_touch_escalation", previousAssignedToId: missedBy, breaches: lead.firstTouchBreaches + 1 };
    await assignByTurn(tx, principal, leadId, turn, { source: "system", metadata }, now);
  } else if (step === "pond") {
    await changeLead(tx, principal, leadId, { assignedToId: null }, { autoAssigned: false, at: now });
  } else if (step === "notify") {
    await queueBreachNotice(tx, organizationId, pool!.id, before);
    await notifyBreachEscalated(tx, organizationId, pool!.followerUserId!, before);
  }
  return true;
}
