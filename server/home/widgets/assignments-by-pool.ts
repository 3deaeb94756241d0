import { Prisma } from "../../db/generated/client";
import type { DomainContext } from "../../domain-context";
import type { HomeWindow } from "../home-period";
import { num, widgetScope } from "../widget-scope";

/**
 * Round-robin assignments made in the period, per pool and per member within
 * each pool: counted per pool and member uuid from the index on
 * ("organizationId", "createdAt", "roundRobinId", "assignedUserId", "leadId")
 * alone, then named (one join per group, not per assignment).
 * A member who has left shows with a null name (the history outlives them).
 * Only assignments of leads the viewer sees count.
 */
export async function assignmentsByPool(ctx: DomainContext, window: HomeWindow) {
  const { organizationId, namesVisibleLead, since, now } = widgetScope(ctx, window);
  const rows = await ctx.db.$queryRaw<{ poolId: string; poolName: string; userId: string; name: string | null; count: bigint }[]>`
    SELECT g."roundRobinId"::text AS "poolId", p."name" AS "poolName", g."assignedUserId"::text AS "userId", u."name", g."count"
    FROM (
      SELECT a."roundRobinId", a."assignedUserId", count(*) AS "count"
      FROM "RoundRobinAssignment" a
      WHERE a."organizationId" = ${organizationId}::uuid AND a."createdAt" >= ${since} AND a."createdAt" <= ${now}
        AND ${namesVisibleLead(Prisma.sql`a."leadId"`)}
      GROUP BY 1, 2) g
    JOIN "RoundRobinPool" p ON p."id" = g."roundRobinId"
    LEFT JOIN "User" u ON u."id" = g."assignedUserId"
    ORDER BY 2, 1, 5 DESC, 4`;
  const pools = new Map<string, { poolId: string; name: string; total: number; members: { userId: string; name: string | null; count: number }[] }>();
  for (const r of rows) {
    const pool = pools.get(r.poolId) ?? { poolId: r.poolId, name: r.poolName, total: 0, members: [] };
    pool.members.push({ userId: r.userId, name: r.name, count: num(r.count) });
    pool.total += num(r.count);
    pools.set(r.poolId, pool);
  }
  return [...pools.values()];
}
