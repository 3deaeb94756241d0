import { hasRole, MANAGERS } from "../auth/roles";
import type { Principal } from "../auth/principal";
import type { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import { effectiveCeilings } from "../rate-limit/ceilings";
import { monthlyUsage, usagePeriod } from "../rate-limit/monthly-usage";
import { limiterStoreReady, windowLimiter, type WindowName } from "../rate-limit/window-limiters";
import type { UsageCategory } from "./request-counter";

const DAYS = 30;
const CATEGORIES: UsageCategory[] = ["request", "message", "sequence_launch"];

/** Points used in the current second or minute window, read from the limiter's own store (no charge). */
async function windowUsed(window: WindowName, ceiling: number | null, organizationId: string): Promise<number | null> {
  if (ceiling === null) return null;
  await limiterStoreReady();
  const state = await windowLimiter(window, ceiling).get(organizationId);
  return state ? Math.max(0, state.consumedPoints) : 0;
}

/**
 * Whose traffic the caller may see per credential: a member (in the
 * dashboard, or through an app they connected) sees only their own
 * connections' requests; owners, admins and API keys see every credential of
 * the organization. A predicate in the query, like tenancy.
 */
function visibleCredentials(principal: Principal): { visibility: "organization" | "own"; where: Prisma.ApiUsageDayWhereInput } {
  if (principal.role === null || hasRole(principal.role, MANAGERS)) return { visibility: "organization", where: {} };
  return { visibility: "own", where: { credentialKind: "oauth", userId: principal.userId ?? "" } };
}

/**
 * The organization's consumption against its limits, from the counters the
 * limiter enforces (second and minute windows, the monthly row), plus the
 * per-day, per-credential history and the month's units by category from
 * "ApiUsageDay" (written a second after the requests, off their path).
 * Windows without a ceiling are not tracked by the limiter: `used` is null.
 */
export async function readUsage({ db, principal }: DomainContext, now = new Date()) {
  const organizationId = principal.organizationId;
  const ceilings = effectiveCeilings(principal.organization.rateLimits);
  const period = usagePeriod(now);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (DAYS - 1)));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { visibility, where: visible } = visibleCredentials(principal);

  const [second, minute, month, days, categories] = await Promise.all([
    windowUsed("second", ceilings.second, organizationId),
    windowUsed("minute", ceilings.minute, organizationId),
    monthlyUsage(db, organizationId, now),
    db.apiUsageDay.groupBy({
      by: ["day", "credentialKind", "credentialId"],
      where: { organizationId, day: { gte: since }, ...visible },
      _sum: { requests: true },
      orderBy: [{ day: "asc" }, { credentialKind: "asc" }, { credentialId: "asc" }],
    }),
    db.apiUsageDay.groupBy({ by: ["category"], where: { organizationId, day: { gte: monthStart }, ...visible }, _sum: { units: true } }),
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
      date: d.day.toISOString().slice(0, 10),
      credentialKind: d.credentialKind as "api_key" | "oauth" | "system",
      credentialId: d.credentialId || null,
      credentialName: names.get(d.credentialId) ?? null,
      requests: d._sum.requests ?? 0,
    })),
  };
}
