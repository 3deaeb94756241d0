import type { DbTx } from "../db/client";
import type { Prisma } from "../db/generated/client";

/** The pool fields every answer shares (the create response, exactly). */
export const poolSelect = {
  id: true,
  organizationId: true,
  name: true,
  isActive: true,
  assignInboundLeads: true,
  assignManualLeads: true,
  emailNotificationsEnabled: true,
  followerUserId: true,
  goalTotalDeals: true,
  goalWonDeals: true,
  nextParticipantOrder: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.RoundRobinPoolSelect;

export type PoolRow = Prisma.RoundRobinPoolGetPayload<{ select: typeof poolSelect }>;

export const connectionSelect = {
  id: true,
  roundRobinId: true,
  organizationId: true,
  isActive: true,
  source: true,
  provider: true,
  sourceKey: true,
  adplatformPageId: true,
  adplatformFormId: true,
  adplatformAdId: true,
  adplatformCampaignId: true,
  utmCampaign: true,
  workflowId: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.RoundRobinConnectionSelect;

export type ConnectionRow = Prisma.RoundRobinConnectionGetPayload<{ select: typeof connectionSelect }>;

export const participantSelect = {
  id: true,
  roundRobinId: true,
  organizationId: true,
  userId: true,
  order: true,
  isActive: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { id: true, name: true, email: true, image: true } },
} satisfies Prisma.RoundRobinParticipantSelect;

/** Per-pool history counts: how many assignments and the newest one. */
export async function assignmentTotals(tx: DbTx, poolIds: string[]) {
  if (poolIds.length === 0) return new Map<string, { count: number; last: Date | null }>();
  const groups = await tx.roundRobinAssignment.groupBy({
    by: ["roundRobinId"],
    where: { roundRobinId: { in: poolIds } },
    _count: { _all: true },
    _max: { createdAt: true },
  });
  return new Map(groups.map((g) => [g.roundRobinId, { count: g._count._all, last: g._max.createdAt }]));
}

/** The stats block of the single read. */
export async function poolStats(tx: DbTx, poolId: string) {
  const groups = await tx.roundRobinAssignment.groupBy({
    by: ["assignedUserId"],
    where: { roundRobinId: poolId },
    _count: { _all: true },
    _max: { createdAt: true },
    orderBy: { assignedUserId: "asc" },
  });
  const participantAssignments = groups.map((g) => ({
    assignedUserId: g.assignedUserId,
    assignmentCount: g._count._all,
    lastAssignedAt: g._max.createdAt,
  }));
  const last = participantAssignments.reduce<Date | null>(
    (latest, p) => (p.lastAssignedAt && (!latest || p.lastAssignedAt > latest) ? p.lastAssignedAt : latest),
    null,
  );
  return {
    totalAssignments: participantAssignments.reduce((sum, p) => sum + p.assignmentCount, 0),
    lastAssignmentAt: last,
    participantAssignments,
  };
}
