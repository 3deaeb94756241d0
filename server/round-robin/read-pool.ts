import type { DomainContext } from "../domain-context";
import type { Prisma } from "../db/generated/client";
import { isUuid } from "../ids";
import type { ListResult } from "../list-result";
import { poolNotFound } from "./pool-errors";
import type { PoolDistribution } from "./round-robin-values";
import { assignmentTotals, connectionSelect, participantSelect, poolSelect, poolStats } from "./pool-representation";

/** The single read: pool fields, participants by order, connections (oldest first), settings and stats. */
export async function getPool({ db, principal }: DomainContext, poolId: string) {
  if (!isUuid(poolId)) throw poolNotFound();
  const pool = await db.roundRobinPool.findFirst({
    where: { id: poolId, organizationId: principal.organizationId },
    select: {
      ...poolSelect,
      distribution: true,
      claimWindowMinutes: true,
      participants: { select: { ...participantSelect, weight: true, dailyCap: true }, orderBy: { order: "asc" } },
      connections: { select: connectionSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!pool) throw poolNotFound();
  const { participants, connections, distribution, claimWindowMinutes, ...fields } = pool;
  return {
    ...fields,
    participants: participants.map(({ weight: _weight, dailyCap: _dailyCap, ...participant }) => participant),
    connections,
    settings: {
      id: fields.id,
      name: fields.name,
      isActive: fields.isActive,
      assignInboundLeads: fields.assignInboundLeads,
      assignManualLeads: fields.assignManualLeads,
      emailNotificationsEnabled: fields.emailNotificationsEnabled,
      followerUserId: fields.followerUserId,
      goalTotalDeals: fields.goalTotalDeals,
      goalWonDeals: fields.goalWonDeals,
    },
    // Extension, beside the contract's objects (whose fields it leaves exactly as specified).
    distributionSettings: {
      distribution: distribution as PoolDistribution,
      claimWindowMinutes,
      participants: participants.map((p) => ({ userId: p.userId, weight: p.weight, dailyCap: p.dailyCap })),
    },
    stats: await poolStats(db, poolId),
  };
}

export interface ListPoolsRequest {
  limit: number;
  offset: number;
  query?: string;
  status: "all" | "active" | "inactive";
}

/** Pools newest first, with who created and follows each, active participants, and history counts. */
export async function listPools({ db, principal }: DomainContext, request: ListPoolsRequest) {
  const where: Prisma.RoundRobinPoolWhereInput = { organizationId: principal.organizationId };
  if (request.query) where.name = { contains: request.query, mode: "insensitive" };
  if (request.status !== "all") where.isActive = request.status === "active";
  const [pools, total] = await Promise.all([
    db.roundRobinPool.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: request.offset,
      take: request.limit,
      select: { ...poolSelect, _count: { select: { participants: { where: { isActive: true } } } } },
    }),
    db.roundRobinPool.count({ where }),
  ]);
  const userIds = [...new Set(pools.flatMap((p) => [p.createdBy, p.followerUserId]).filter((id): id is string => id !== null))];
  const [users, totals] = await Promise.all([
    userIds.length > 0 ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : [],
    assignmentTotals(db, pools.map((p) => p.id)),
  ]);
  const nameOf = (id: string | null) => (id ? (users.find((u) => u.id === id)?.name ?? null) : null);
  const rows = pools.map(({ _count, ...pool }) => ({
    ...pool,
    createdByName: nameOf(pool.createdBy),
    followerName: nameOf(pool.followerUserId),
    participantCount: _count.participants,
    assignmentCount: totals.get(pool.id)?.count ?? 0,
    lastAssignmentAt: totals.get(pool.id)?.last ?? null,
  }));
  return { rows, total } satisfies ListResult<unknown>;
}
