import type { DbTx } from "../../db/client";
import { organizationTimeZone } from "../../calendar/wall-clock";
import { readWorkingHours, type WorkingHours } from "./working-hours";
import { addWorkingMinutes } from "./working-time";

/** The deadline columns a lead write sets. */
export interface FirstTouchColumns {
  firstTouchDueAt: Date | null;
  firstTouchBreachedAt: Date | null;
}

/** What decides a deadline: the minutes (the pool's, else the organization's), the owner's hours and the zone. */
export interface DeadlinePolicy {
  minutes: number;
  hours: WorkingHours | null;
  timeZone: string;
}

/** The owner's policy: their own hours, else the organization's business hours; the pool's minutes, else the organization's. */
export async function deadlinePolicyOf(tx: DbTx, organizationId: string, ownerId: string, poolId: string | null): Promise<DeadlinePolicy> {
  const [organization, membership, pool] = await Promise.all([
    tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { timezone: true, firstTouchMinutes: true, businessHours: true } }),
    tx.membership.findUnique({ where: { organizationId_userId: { organizationId, userId: ownerId } }, select: { workingHours: true } }),
    poolId === null ? null : tx.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { firstTouchMinutes: true } }),
  ]);
  return {
    minutes: pool?.firstTouchMinutes ?? organization.firstTouchMinutes,
    hours: readWorkingHours(membership?.workingHours) ?? readWorkingHours(organization.businessHours),
    timeZone: organizationTimeZone(organization.timezone),
  };
}

/**
 * The first-touch columns after a lead gets `ownerId` (null: nobody) at
 * `at`. A deadline runs only for a lead nobody has touched yet and still in
 * status `new`: a lead imported already contacted or closed owes nobody a
 * first call. A new owner gets a fresh deadline and the previous one's
 * breach is cleared (the timeline keeps it); a lead without an owner has no
 * deadline (its pond waits for a claim).
 */
export async function firstTouchOnAssignment(
  tx: DbTx,
  organizationId: string,
  lead: { status: string; firstTouchAt: Date | null; roundRobinId: string | null },
  ownerId: string | null,
  at: Date,
): Promise<FirstTouchColumns | null> {
  if (lead.firstTouchAt !== null) return null;
  if (ownerId === null || lead.status !== "new") return { firstTouchDueAt: null, firstTouchBreachedAt: null };
  const policy = await deadlinePolicyOf(tx, organizationId, ownerId, lead.roundRobinId);
  return { firstTouchDueAt: new Date(addWorkingMinutes(at.getTime(), policy.minutes, policy.hours, policy.timeZone)), firstTouchBreachedAt: null };
}
