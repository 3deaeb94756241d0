import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { queueScheduledRun } from "../jobs/scheduled-runs";
import { effectiveCeilings } from "../rate-limit/ceilings";
import { chargeMonthlyUsage, secondsUntilNextPeriod } from "../rate-limit/monthly-usage";
import { countAudience, enrolAudience, MAX_AUDIENCE } from "./audience";
import { PLAN_SEQUENCE_SLOTS_JOB_ID } from "./sequence-job-ids";
import { sequenceRefusal } from "./sequence-errors";
import { lockSequence } from "./write-sequence";
import { countApiUsage } from "../usage/request-counter";

export interface LaunchResult {
  id: string;
  enqueued: number;
  /** What is left of the monthly quota after the charge; null when the organization has no monthly ceiling. */
  monthlyRemaining: number | null;
}

/**
 * draft → running. In one transaction: the audience is counted (capped),
 * enrolled as pending contacts in one INSERT … SELECT, and the monthly quota
 * charged one unit per contact on the rate limiter's own counter. Any refusal
 * (state, empty or oversized audience, quota) rolls everything back, so the
 * sequence stays a draft with no contacts and nothing charged.
 */
export async function launchSequence({ db, principal }: DomainContext, sequenceId: string): Promise<LaunchResult> {
  const organizationId = principal.organizationId;
  const result = await runInTransaction(db, async (tx) => {
    const sequence = await lockSequence(tx, organizationId, sequenceId);
    if (sequence.status !== "draft") throw sequenceRefusal.launch();
    const eligible = await countAudience(tx, principal, sequence.criteria, MAX_AUDIENCE + 1);
    if (eligible === 0) throw sequenceRefusal.emptyAudience();
    if (eligible > MAX_AUDIENCE) throw sequenceRefusal.audienceTooLarge();
    const enqueued = await enrolAudience(tx, sequence.id, principal, sequence.criteria);
    // Leads written between the count and the insert can move the figure; the rules hold on what was enrolled.
    if (enqueued === 0) throw sequenceRefusal.emptyAudience();
    if (enqueued > MAX_AUDIENCE) throw sequenceRefusal.audienceTooLarge();

    const monthCeiling = effectiveCeilings(principal.organization.rateLimits).month;
    const charge = await chargeMonthlyUsage(tx, organizationId, enqueued, monthCeiling);
    const monthlyRemaining = monthCeiling === null ? null : Math.max(0, monthCeiling - charge.used);
    if (!charge.allowed) {
      const retryAfter = secondsUntilNextPeriod();
      const headers: Record<string, string> = { "Retry-After": String(retryAfter) };
      if (monthlyRemaining !== null) headers["X-RateLimit-Monthly-Remaining"] = String(monthlyRemaining);
      throw new ApiError("RATE_LIMITED", "rateLimit.month", { limit: monthCeiling ?? 0 }, headers);
    }
    await tx.$executeRaw`
      UPDATE "Sequence" SET "status" = 'running', "startedAt" = now(), "tat" = NULL, "updatedAt" = now() WHERE "id" = ${sequence.id}`;
    // The planner runs now rather than at its next minute, so the first call goes out at once.
    await queueScheduledRun(tx, PLAN_SEQUENCE_SLOTS_JOB_ID);
    return { id: sequence.id, enqueued, monthlyRemaining };
  });
  // After the commit: the Usage page's "units by sequence launches" (the request itself is counted by the REST door).
  countApiUsage(db, principal, "sequence_launch", result.enqueued, 0);
  return result;
}

/**
 * running → paused. Planned slots are given back (scheduled → pending) in the
 * same transaction, so no contact is picked up after this answers; contacts
 * already in progress finish.
 */
export async function pauseSequence({ db, principal }: DomainContext, sequenceId: string): Promise<{ id: string }> {
  return runInTransaction(db, async (tx) => {
    const sequence = await lockSequence(tx, principal.organizationId, sequenceId);
    if (sequence.status !== "running") throw sequenceRefusal.pause();
    // Pacing picks up where the given-back slots began, so resuming neither bursts nor waits out the old plan.
    await tx.$executeRaw`
      UPDATE "Sequence" SET "status" = 'paused', "updatedAt" = now(),
        "tat" = COALESCE((SELECT min("dispatchAt") FROM "SequenceContact" WHERE "sequenceId" = ${sequence.id} AND "status" = 'scheduled'), "tat")
      WHERE "id" = ${sequence.id}`;
    await tx.$executeRaw`
      UPDATE "SequenceContact" SET "status" = 'pending', "dispatchAt" = NULL, "lockedUntil" = NULL
      WHERE "sequenceId" = ${sequence.id} AND "status" = 'scheduled'`;
    return { id: sequence.id };
  });
}

/** paused → running: dispatch continues with the remaining pending contacts, paced from now (no saved-up burst). */
export async function resumeSequence({ db, principal }: DomainContext, sequenceId: string): Promise<{ id: string }> {
  return runInTransaction(db, async (tx) => {
    const sequence = await lockSequence(tx, principal.organizationId, sequenceId);
    if (sequence.status !== "paused") throw sequenceRefusal.resume();
    await tx.$executeRaw`UPDATE "Sequence" SET "status" = 'running', "updatedAt" = now() WHERE "id" = ${sequence.id}`;
    await queueScheduledRun(tx, PLAN_SEQUENCE_SLOTS_JOB_ID);
    return { id: sequence.id };
  });
}
