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

/**
 * The owner's policy: their own hours, else the organization's business hours; the pool's minutes, else the organization's.
 * One statement (every lead create asks it once its owner is known).
 */
export async function deadlinePolicyOf(tx: DbTx, organizationId: string, ownerId: string, poolId: string | null): Promise<DeadlinePolicy> {
  const [row] = await tx.$queryRaw<
    { timezone: string | null; firstTouchMinutes: number; businessHours: unknown; workingHours: unknown; poolMinutes: number | null }[]
  >`
    SELECT o."timezone", o."firstTouchMinutes", o."businessHours", m."workingHours", rp."firstTouchMinutes" AS "poolMinutes"
    FROM "Organization" o
    LEFT JOIN "Membership" m ON m."organizationId" = o."id" AND m."userId" = ${ownerId}::uuid
    LEFT JOIN "RoundRobinPool" rp ON rp."id" = ${poolId}::uuid AND rp."organizationId" = o."id"
    WHERE o."id" = ${organizationId}::uuid`;
  if (row === undefined) throw new Error(`organization ${organizationId} not found`);
  return {
    minutes: row.poolMinutes ?? row.firstTouchMinutes,
    hours: readWorkingHours(row.workingHours) ?? readWorkingHours(row.businessHours),
    timeZone: organizationTimeZone(row.timezone),
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
