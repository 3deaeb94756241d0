import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { changeLead } from "../leads/change-lead";
import { lockLeadOrThrow } from "../leads/find-lead";
import { assertPoolOfOrganization, reassignThroughPool } from "../round-robin/reassign-through-pool";
import { memberInclude, toMemberRepresentation, type MemberRepresentation } from "../members/member-representation";
import type { MemberRole } from "../auth/roles";
import { ApiError } from "../errors/api-error";
import { teamErrors } from "./team-errors";

/**
 * What Settings → Members shows: the members with the leads assigned to each,
 * the caller's own role (which actions to offer), and people who are no
 * longer members but still have leads assigned (removal leaves them), so
 * those leads can be handed to someone else.
 */
export interface TeamOverview {
  yourRole: MemberRole;
  yourUserId: string | null;
  /** `emailVerified`: whether the member confirmed their address (an admin can send or hand over a link otherwise). */
  members: (MemberRepresentation & { assignedLeads: number; emailVerified: boolean })[];
  formerAssignees: { userId: string; name: string; email: string; assignedLeads: number }[];
}

export async function teamOverview(ctx: DomainContext): Promise<TeamOverview> {
  const yourRole = ctx.principal.role;
  if (yourRole === null) throw new ApiError("FORBIDDEN", "account.dashboardOnly");
  const organizationId = ctx.principal.organizationId;
  const [rows, counts, unverified] = await Promise.all([
    ctx.db.membership.findMany({ where: { organizationId }, include: memberInclude, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    ctx.db.lead.groupBy({ by: ["assignedToId"], where: { organizationId, assignedToId: { not: null } }, _count: { _all: true } }),
    ctx.db.membership.findMany({ where: { organizationId, user: { emailVerifiedAt: null } }, select: { userId: true } }),
  ]);
  const unconfirmed = new Set(unverified.map((row) => row.userId));
  const byUser = new Map(counts.map((count) => [count.assignedToId!, count._count._all]));
  const memberIds = new Set(rows.map((row) => row.userId));
  const formerIds = [...byUser.keys()].filter((userId) => !memberIds.has(userId));
  const former = formerIds.length
    ? await ctx.db.user.findMany({ where: { id: { in: formerIds } }, select: { id: true, name: true, email: true }, orderBy: { name: "asc" } })
    : [];
  return {
    yourRole,
    yourUserId: ctx.principal.userId,
    members: rows.map((row) => ({
      ...toMemberRepresentation(row),
      assignedLeads: byUser.get(row.userId) ?? 0,
      emailVerified: !unconfirmed.has(row.userId),
    })),
    formerAssignees: former.map((user) => ({ userId: user.id, name: user.name, email: user.email, assignedLeads: byUser.get(user.id) ?? 0 })),
  };
}

/** At most this many leads per call, each changed through the lead's owner (timeline entries and events each). */
export const REASSIGN_BATCH = 200;

/** Where the leads go: one member, or the turns of one round-robin pool. */
export type ReassignTarget = { toUserId: string; toPoolId?: undefined } | { toPoolId: string; toUserId?: undefined };

/**
 * Hands one lead to the target in its own transaction, if it is still
 * assigned to `fromUserId` once locked (someone else may have taken it over
 * meanwhile: it is then left alone). Either way it changes through the lead's
 * owner: to a member as `PUT assignedToId` does (`autoAssigned` false), through
 * a pool as any pool assignment (`autoAssigned` true).
 */
async function handOver(ctx: DomainContext, leadId: string, fromUserId: string, target: ReassignTarget): Promise<boolean> {
  return runInTransaction(ctx.db, async (tx) => {
    const lead = await lockLeadOrThrow(tx, ctx.principal, leadId, "update");
    if (lead.assignedToId !== fromUserId) return false;
    if (target.toPoolId !== undefined) await reassignThroughPool(tx, ctx.principal, leadId, target.toPoolId, fromUserId);
    else await changeLead(tx, ctx.principal, leadId, { assignedToId: target.toUserId });
    return true;
  });
}

/**
 * Hands the leads assigned to one person (a member, or someone removed) to a
 * member or through a round-robin pool, one lead at a time (see `handOver`),
 * so every lead's timeline and webhooks say so. Returns how many moved and
 * how many remain (call again while some do). A foreign pool is 404; a pool
 * that cannot take a turn is 400 and the leads moved before it stay moved.
 */
export async function reassignLeads(
  ctx: DomainContext,
  input: { fromUserId: string } & ReassignTarget,
): Promise<{ reassigned: number; remaining: number }> {
  const organizationId = ctx.principal.organizationId;
  if (input.toPoolId !== undefined) {
    await assertPoolOfOrganization(ctx.db, organizationId, input.toPoolId);
  } else {
    const target = await ctx.db.membership.findFirst({ where: { organizationId, userId: input.toUserId }, select: { id: true } });
    if (!target || input.toUserId === input.fromUserId) throw teamErrors.memberNotFound();
  }
  const leads = await ctx.db.lead.findMany({
    where: { organizationId, assignedToId: input.fromUserId },
    select: { id: true },
    orderBy: { id: "asc" },
    take: REASSIGN_BATCH,
  });
  let reassigned = 0;
  for (const lead of leads) {
    if (await handOver(ctx, lead.id, input.fromUserId, input)) reassigned += 1;
  }
  const remaining = await ctx.db.lead.count({ where: { organizationId, assignedToId: input.fromUserId } });
  return { reassigned, remaining };
}
