import type { PrismaClient } from "../db/generated/client";

/** The UTC calendar month a request is charged to, `YYYY-MM`. */
export function usagePeriod(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** Seconds until the monthly quota resets (start of next UTC month). */
export function secondsUntilNextPeriod(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export interface MonthlyCharge {
  allowed: boolean;
  /** Units used this month after the charge (or before it, when refused). */
  used: number;
}

/**
 * Charges `units` to the organization's durable monthly counter in one atomic
 * statement: the row is only incremented while it stays within `limit`, so
 * concurrent requests can never push the month past its quota. A null limit
 * counts usage without enforcing it.
 */
export async function chargeMonthlyUsage(
  db: Pick<PrismaClient, "$queryRaw">,
  organizationId: string,
  units: number,
  limit: number | null,
  now = new Date(),
): Promise<MonthlyCharge> {
  const period = usagePeriod(now);
  const cap = limit ?? 2_147_483_647; // unlimited: the int4 column's ceiling
  if (units > cap) return { allowed: false, used: await monthlyUsage(db, organizationId, now) };
  const rows = await db.$queryRaw<{ units: number }[]>`
    INSERT INTO "MonthlyUsage" ("organizationId", "period", "units", "updatedAt")
    VALUES (${organizationId}::uuid, ${period}, ${units}, now())
    ON CONFLICT ("organizationId", "period") DO UPDATE
      SET "units" = "MonthlyUsage"."units" + EXCLUDED."units", "updatedAt" = now()
      WHERE "MonthlyUsage"."units" + EXCLUDED."units" <= ${cap}
    RETURNING "units"`;
  const row = rows[0];
  if (row) return { allowed: true, used: row.units };
  return { allowed: false, used: await monthlyUsage(db, organizationId, now) };
}

export async function monthlyUsage(db: Pick<PrismaClient, "$queryRaw">, organizationId: string, now = new Date()) {
  const rows = await db.$queryRaw<{ units: number }[]>`
    SELECT "units" FROM "MonthlyUsage" WHERE "organizationId" = ${organizationId}::uuid AND "period" = ${usagePeriod(now)}`;
  return rows[0]?.units ?? 0;
}
