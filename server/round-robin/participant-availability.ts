import { Temporal } from "temporal-polyfill";
import { Prisma } from "../db/generated/client";
import { preparedStatement } from "../db/prepared-statements";
import { organizationTimeZone } from "../calendar/wall-clock";
import type { Db, DbTx } from "../db/client";
import { readWorkingHours } from "../leads/first-touch/working-hours";
import { isWorkingAt } from "../leads/first-touch/working-time";
import type { RotationCandidate, UnavailableReason } from "./pick-participant";

interface CandidateRow {
  userId: string;
  order: number;
  isActive: boolean;
  isMember: boolean;
  weight: number;
  dailyCap: number | null;
  currentWeight: number;
  workingHours: unknown;
  outOfOfficeFrom: Date | null;
  outOfOfficeUntil: Date | null;
  assignedToday: number;
}

/** The local calendar day of `at` in `timeZone` (YYYY-MM-DD) and the instant it began. */
export function localDay(at: Date, timeZone: string): { date: string; startsAt: Date } {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone);
  return { date: zoned.toPlainDate().toString(), startsAt: new Date(zoned.startOfDay().epochMilliseconds) };
}

const dateOnly = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

/** Whether the local `date` falls inside the out-of-office dates (inclusive; no end: open-ended). */
export function isOutOfOffice(date: string, from: Date | null, until: Date | null): boolean {
  const start = dateOnly(from);
  const end = dateOnly(until);
  if (start === null && end === null) return false;
  return (start === null || start <= date) && (end === null || date <= end);
}

/**
 * The pool's participants in order, each with why they cannot take a lead at
 * `at`, if they cannot: outside their working hours (their own, else the
 * organization's, in the organization's zone — the first-touch clock's),
 * out of office on that local date, or at their daily cap (the pool's
 * assignments to them since local midnight; `extraToday` adds turns a
 * simulation has already handed out). Working hours are a preference, not a
 * wall: when nobody otherwise eligible is working (a lead at 21:00), they
 * are all treated as available and the lead's deadline waits for the
 * morning, instead of the lead waiting unassigned.
 */
export async function rotationCandidates(
  tx: Db | DbTx,
  poolId: string,
  at: Date = new Date(),
  /** The organization's zone and hours when the caller read them with the pool (a turn does, under the pool's lock). */
  known?: OrganizationHours,
): Promise<AvailableCandidate[]> {
  const [organization] = known
    ? [known]
    : await tx.$queryRaw<OrganizationHours[]>`
        SELECT o."timezone", o."businessHours" FROM "Organization" o JOIN "RoundRobinPool" p ON p."organizationId" = o."id"
        WHERE p."id" = ${poolId}::uuid`;
  if (!organization) return [];
  const timeZone = organizationTimeZone(organization.timezone);
  const day = localDay(at, timeZone);
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  const rows = await tx.$queryRaw<CandidateRow[]>(preparedStatement(Prisma.sql`
    SELECT p."userId"::text AS "userId", p."order", p."isActive", p."weight", p."dailyCap", p."currentWeight",
      m."id" IS NOT NULL AS "isMember", m."workingHours", m."outOfOfficeFrom", m."outOfOfficeUntil",
      (SELECT count(*)::int FROM "RoundRobinAssignment" a
        WHERE a."roundRobinId" = p."roundRobinId" AND a."assignedUserId" = p."userId" AND a."createdAt" >= ${day.startsAt}) AS "assignedToday"
    FROM "RoundRobinParticipant" p
    LEFT JOIN "Membership" m ON m."organizationId" = p."organizationId" AND m."userId" = p."userId"
    WHERE p."roundRobinId" = ${poolId}::uuid ORDER BY p."order"`));
  const organizationHours = readWorkingHours(organization.businessHours);
  return withWorkingHoursFallback(
    rows.map((row) => ({
      candidate: {
        userId: row.userId,
        order: row.order,
        isActive: row.isActive,
        isMember: row.isMember,
        weight: row.weight,
        currentWeight: row.currentWeight,
        dailyCap: row.dailyCap,
        assignedToday: row.assignedToday,
        unavailable: null,
      },
      outOfOffice: isOutOfOffice(day.date, row.outOfOfficeFrom, row.outOfOfficeUntil),
      working: isWorkingAt(at.getTime(), readWorkingHours(row.workingHours) ?? organizationHours, timeZone),
    })),
  );
}

/** What availability needs of the organization: its zone and its business hours (as stored). */
export interface OrganizationHours {
  timezone: string | null;
  businessHours: unknown;
}

/** A candidate as availability reads it: also its cap and what it has had today, so a simulation can count on. */
export type AvailableCandidate = RotationCandidate & { dailyCap: number | null; assignedToday: number };

function withWorkingHoursFallback(
  rows: { candidate: AvailableCandidate; outOfOffice: boolean; working: boolean }[],
): AvailableCandidate[] {
  const hardReason = (row: (typeof rows)[number]): UnavailableReason | null => {
    if (row.outOfOffice) return "out_of_office";
    const { dailyCap, assignedToday } = row.candidate;
    if (dailyCap !== null && assignedToday >= dailyCap) return "at_daily_cap";
    return null;
  };
  const open = rows.filter((row) => row.candidate.isActive && row.candidate.isMember && hardReason(row) === null);
  const anyoneWorking = open.some((row) => row.working);
  return rows.map((row) => ({
    ...row.candidate,
    unavailable: hardReason(row) ?? (anyoneWorking && !row.working ? "outside_working_hours" : null),
  }));
}

/** After a simulated turn to `userId`: one more lead today, and the cap re-read. */
export function countSimulatedTurn(candidates: AvailableCandidate[], userId: string, currentWeights: Map<string, number>): AvailableCandidate[] {
  return candidates.map((c) => {
    const assignedToday = c.userId === userId ? c.assignedToday + 1 : c.assignedToday;
    const atCap = c.dailyCap !== null && assignedToday >= c.dailyCap;
    const unavailable = atCap ? "at_daily_cap" : c.unavailable === "at_daily_cap" ? null : c.unavailable;
    return { ...c, assignedToday, unavailable, currentWeight: currentWeights.get(c.userId) ?? c.currentWeight };
  });
}
