import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import { poolNotFound } from "./pool-errors";
import { visibleLeadsWhere } from "../leads/lead-visibility";

/** How a lead was routed (lead page): its newest assignment by a pool, with the pool's name; null when none or when the caller does not see the lead. */
export async function leadRouting({ db, principal }: DomainContext, leadId: string) {
  const record = await db.roundRobinAssignment.findFirst({
    where: { leadId, organizationId: principal.organizationId, lead: { is: visibleLeadsWhere(principal) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { roundRobinId: true, turnOrder: true, source: true, metadata: true, createdAt: true, pool: { select: { name: true } } },
  });
  if (!record) return null;
  return {
    roundRobinId: record.roundRobinId,
    poolName: record.pool.name,
    turnOrder: record.turnOrder,
    source: record.source,
    metadata: record.metadata,
    createdAt: record.createdAt.toISOString(),
  };
}

/** Assignments per participant over the last 30 days (pool page chart). */
export async function assignmentsLast30Days({ db, principal }: DomainContext, poolId: string) {
  if (!isUuid(poolId)) throw poolNotFound();
  const pool = await db.roundRobinPool.findFirst({ where: { id: poolId, organizationId: principal.organizationId }, select: { id: true } });
  if (!pool) throw poolNotFound();
  const since = new Date(Date.now() - 30 * 24 * 3_600_000);
  const groups = await db.roundRobinAssignment.groupBy({
    by: ["assignedUserId"],
    where: { roundRobinId: poolId, createdAt: { gte: since } },
    _count: { _all: true },
  });
  const users = await db.user.findMany({ where: { id: { in: groups.map((g) => g.assignedUserId) } }, select: { id: true, name: true } });
  return groups
    .map((g) => ({ userId: g.assignedUserId, name: users.find((u) => u.id === g.assignedUserId)?.name ?? null, count: g._count._all }))
    .sort((a, b) => b.count - a.count);
}
