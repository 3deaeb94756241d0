import type { DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
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

/** The policy's sources as `deadlinePolicyJson` reads them. */
interface DeadlinePolicyRow {
  timezone: string | null;
  firstTouchMinutes: number;
  businessHours: unknown;
  workingHours: unknown;
  poolMinutes: number | null;
}

/**
 * What decides the deadline of `ownerId`'s lead in pool `poolId` (null:
 * none), as one SQL expression (a JSON object, null when the organization
 * does not exist): `deadlinePolicyOf` runs it alone, a lead create folds it
 * into its one read of the organization's settings
 * (server/leads/new-lead-settings.ts) and reads it with `deadlinePolicyOfJson`.
 */
export function deadlinePolicyJson(organizationId: Prisma.Sql, ownerId: string | null, poolId: string | null): Prisma.Sql {
  return Prisma.sql`(SELECT json_build_object('timezone', o."timezone", 'firstTouchMinutes', o."firstTouchMinutes",
      'businessHours', o."businessHours", 'workingHours', m."workingHours", 'poolMinutes', rp."firstTouchMinutes")
    FROM "Organization" o
    LEFT JOIN "Membership" m ON m."organizationId" = o."id" AND m."userId" = ${ownerId}::uuid
    LEFT JOIN "RoundRobinPool" rp ON rp."id" = ${poolId}::uuid AND rp."organizationId" = o."id"
    WHERE o."id" = ${organizationId})`;
}

/** The owner's policy from `deadlinePolicyJson`'s object: their own hours, else the organization's business hours; the pool's minutes, else the organization's. */
export function deadlinePolicyOfJson(row: DeadlinePolicyRow): DeadlinePolicy {
  return {
    minutes: row.poolMinutes ?? row.firstTouchMinutes,
    hours: readWorkingHours(row.workingHours) ?? readWorkingHours(row.businessHours),
    timeZone: organizationTimeZone(row.timezone),
  };
}

/** The owner's policy, in one statement (escalations and lead changes ask it once their owner is known). */
export async function deadlinePolicyOf(tx: DbTx, organizationId: string, ownerId: string, poolId: string | null): Promise<DeadlinePolicy> {
  const [row] = await tx.$queryRaw<{ policy: DeadlinePolicyRow | null }[]>`
    SELECT ${deadlinePolicyJson(Prisma.sql`${organizationId}::uuid`, ownerId, poolId)} AS "policy"`;
  if (!row?.policy) throw new Error(`organization ${organizationId} not found`);
  return deadlinePolicyOfJson(row.policy);
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
  knownPolicy?: DeadlinePolicy,
): Promise<FirstTouchColumns | null> {
  if (lead.firstTouchAt !== null) return null;
  if (ownerId === null || lead.status !== "new") return { firstTouchDueAt: null, firstTouchBreachedAt: null };
  // `knownPolicy`: this owner's in this pool, read by the caller already (a create reads it with its other settings).
  const policy = knownPolicy ?? (await deadlinePolicyOf(tx, organizationId, ownerId, lead.roundRobinId));
  return { firstTouchDueAt: new Date(addWorkingMinutes(at.getTime(), policy.minutes, policy.hours, policy.timeZone)), firstTouchBreachedAt: null };
}
