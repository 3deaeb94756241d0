import { hasRole, MANAGERS } from "../auth/roles";
import type { Principal } from "../auth/principal";
import { Prisma } from "../db/generated/client";
import { organizationTimeZone } from "../calendar/wall-clock";
import type { DomainContext } from "../domain-context";
import { effectiveCeilings } from "../rate-limit/ceilings";
import { monthlyUsage, usagePeriod } from "../rate-limit/monthly-usage";
import { readWindow, windowSlot, type WindowName } from "../rate-limit/fixed-windows";
import { limiterStoreReady } from "../rate-limit/limiter-store";
import { windowClock } from "../rate-limit/window-clock";
import type { UsageCategory } from "./request-counter";

const DAYS = 30;
const CATEGORIES: UsageCategory[] = ["request", "message", "sequence_launch"];

/** Points used in the current second or minute window, read from the limiter's own store (no charge). */
async function windowUsed(window: WindowName, ceiling: number | null, organizationId: string): Promise<number | null> {
  if (ceiling === null) return null;
  await limiterStoreReady();
  return Math.max(0, await readWindow(windowSlot(window, organizationId, windowClock()().getTime())));
}

/**
 * Whose traffic the caller may see per credential: a member (in the
 * dashboard, or through an app they connected) sees only their own
 * connections' requests; owners, admins and API keys see every credential of
 * the organization. A predicate in the query, like tenancy.
 */
function visibleCredentials(principal: Principal): { visibility: "organization" | "own"; where: Prisma.ApiUsageHourWhereInput; sql: Prisma.Sql } {
  if (principal.role === null || hasRole(principal.role, MANAGERS)) return { visibility: "organization", where: {}, sql: Prisma.empty };
  const userId = principal.userId ?? "";
  return {
    visibility: "own",
    where: { credentialKind: "oauth", userId },
    sql: Prisma.sql`AND "credentialKind" = 'oauth' AND "userId" = ${userId}`,
  };
}

interface DayRow {
  day: string;
  credentialKind: string;
  credentialId: string;
  requests: number;
}

/**
 * Requests per day of the organization's time zone and credential over the
 * last DAYS days of that zone, summed from the UTC hours they were counted in
 * (PostgreSQL's zone rules, so DST days have their 23 or 25 hours).
 */
function dailyRequests(db: DomainContext["db"], organizationId: string, timeZone: string, now: Date, visible: Prisma.Sql) {
  const today = Prisma.sql`(${now}::timestamptz AT TIME ZONE ${timeZone})::date`;
  return db.$queryRaw<DayRow[]>`
    SELECT to_char(("hour" AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS "day", "credentialKind", "credentialId", sum("requests")::int AS "requests"
    FROM "ApiUsageHour"
    WHERE "organizationId" = ${organizationId}::uuid
      AND "hour" >= ((${today} - ${DAYS - 1}::int)::timestamp AT TIME ZONE ${timeZone})
      ${visible}
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`;
}

/**
 * The organization's consumption against its limits, from the counters the
 * limiter enforces (second and minute windows, the monthly row), plus the
 * per-day, per-credential history (days of the organization's time zone) and
 * the month's units by category (the UTC month of the quota) from
 * "ApiUsageHour" (written a second after the requests, off their path).
 * Windows without a ceiling are not tracked by the limiter: `used` is null.
 */
export async function readUsage({ db, principal }: DomainContext, now = new Date()) {
  const organizationId = principal.organizationId;
  const ceilings = effectiveCeilings(principal.organization.rateLimits);
  const period = usagePeriod(now);
  const timeZone = organizationTimeZone(principal.organization.timezone);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { visibility, where: visible, sql: visibleSql } = visibleCredentials(principal);

  const [second, minute, month, days, categories] = await Promise.all([
    windowUsed("second", ceilings.second, organizationId),
    windowUsed("minute", ceilings.minute, organizationId),
    monthlyUsage(db, organizationId, now),
    dailyRequests(db, organizationId, timeZone, now, visibleSql),
    db.apiUsageHour.groupBy({ by: ["category"], where: { organizationId, hour: { gte: monthStart }, ...visible }, _sum: { units: true } }),
  ]);

  const keyIds = [...new Set(days.filter((d) => d.credentialKind === "api_key").map((d) => d.credentialId))];
  const clientIds = [...new Set(days.filter((d) => d.credentialKind === "oauth").map((d) => d.credentialId))];
  const [keys, clients] = await Promise.all([
    keyIds.length ? db.apiKey.findMany({ where: { id: { in: keyIds }, organizationId }, select: { id: true, name: true } }) : [],
    clientIds.length ? db.oAuthClient.findMany({ where: { id: { in: clientIds } }, select: { id: true, name: true } }) : [],
  ]);
  const names = new Map([...keys, ...clients].map((c) => [c.id, c.name]));

  return {
    visibility,
    timeZone,
    period,
    limits: ceilings,
    current: {
      second: { used: second, limit: ceilings.second },
      minute: { used: minute, limit: ceilings.minute },
      month: {
        used: month,
        limit: ceilings.month,
        remaining: ceilings.month === null ? null : Math.max(0, ceilings.month - month),
        resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      },
    },
    monthlyUnits: Object.fromEntries(CATEGORIES.map((c) => [c, categories.find((x) => x.category === c)?._sum.units ?? 0])) as Record<
      UsageCategory,
      number
    >,
    daily: days.map((d) => ({
      date: d.day,
      credentialKind: d.credentialKind as "api_key" | "oauth" | "system",
      credentialId: d.credentialId || null,
      credentialName: names.get(d.credentialId) ?? null,
      requests: d.requests,
    })),
  };
}
