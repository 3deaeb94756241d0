import { revokeGrant } from "../oauth/grants";
import { narrowConnectionsToRole } from "../oauth/narrow-grants";
import type { DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import { memberInclude, toMemberRepresentation, type MemberRepresentation } from "../members/member-representation";
import type { MemberRole } from "../auth/roles";
import { deactivateSubscriptionsManagedBy } from "../webhooks/deactivate-managed-subscriptions";
import { teamErrors } from "./team-errors";
import { forgetCalendarConnections, revokeCalendarTokens } from "../calendar/calendar-connection";

/**
 * Settings → Members: change a member's role and remove a member (owners and
 * admins, declared by the procedures; the invariant kept here: only owners
 * make someone owner or change or remove an owner). An
 * organization always keeps at least one owner: the owner memberships are
 * locked before the count, so two demotions racing cannot leave none.
 */

async function findMemberOrThrow(tx: DbTx, organizationId: string, membershipId: string) {
  if (!isUuid(membershipId)) throw teamErrors.memberNotFound();
  const row = await tx.membership.findFirst({ where: { id: membershipId, organizationId }, select: { id: true, role: true, userId: true } });
  if (!row) throw teamErrors.memberNotFound();
  return row;
}

/** Throws 409 unless another owner remains once `membershipId` stops being one. */
async function assertAnotherOwner(tx: DbTx, organizationId: string, membershipId: string): Promise<void> {
  const owners = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Membership" WHERE "organizationId" = ${organizationId}::uuid AND role = 'owner' ORDER BY id FOR UPDATE`;
  if (!owners.some((owner) => owner.id !== membershipId)) throw teamErrors.lastOwner();
}

export async function changeMemberRole(ctx: DomainContext, membershipId: string, role: MemberRole): Promise<MemberRepresentation> {
  const organizationId = ctx.principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    const target = await findMemberOrThrow(tx, organizationId, membershipId);
    if ((target.role === "owner" || role === "owner") && ctx.principal.role !== "owner") throw teamErrors.ownersOnly();
    if (target.role === "owner" && role !== "owner") await assertAnotherOwner(tx, organizationId, target.id);
    const row = await tx.membership.update({ where: { id: target.id, organizationId }, data: { role }, include: memberInclude });
    // Their connected apps keep only what the new role may hold (a demoted admin's app loses webhooks:manage at once).
    await narrowConnectionsToRole(tx, organizationId, target.userId, role);
    return toMemberRepresentation(row);
  });
}

export interface RemovedMember {
  membershipId: string;
  userId: string;
  /** Their leads stay assigned to them; the page offers to reassign these. */
  assignedLeads: number;
  revokedOAuthTokens: number;
}

/**
 * Removes a member. At once: the membership goes (every door checks it per
 * request), their dashboard sessions end (sessions are per person, so they
 * are signed out everywhere; see server/auth/sessions.ts), their OAuth tokens
 * for this organization are revoked, and subscriptions of apps left without a
 * live token here are deactivated. Their leads stay assigned to them: nothing
 * is unassigned silently.
 */
export async function removeMember(ctx: DomainContext, membershipId: string): Promise<RemovedMember> {
  const organizationId = ctx.principal.organizationId;
  const removed = await runInTransaction(ctx.db, async (tx) => {
    const target = await findMemberOrThrow(tx, organizationId, membershipId);
    if (target.role === "owner") {
      if (ctx.principal.role !== "owner") throw teamErrors.ownersOnly();
      await assertAnotherOwner(tx, organizationId, target.id);
    }
    await tx.membership.delete({ where: { id: target.id } });
    await tx.user.update({ where: { id: target.userId }, data: { sessionGeneration: { increment: 1 } }, select: { id: true } });
    const liveTokens = await tx.oAuthAccessToken.count({ where: { organizationId, userId: target.userId, revokedAt: null } });
    // Their connected apps here end as a revocation does (refresh tokens included), then any token issued outside a connection.
    const grants = await tx.oAuthGrant.findMany({ where: { organizationId, userId: target.userId, revokedAt: null }, select: { id: true } });
    for (const grant of grants) await revokeGrant(tx, grant.id, "member_removed");
    const revoked = await tx.oAuthAccessToken.updateManyAndReturn({
      where: { organizationId, userId: target.userId, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { clientId: true },
    });
    for (const clientId of new Set(revoked.map((token) => token.clientId))) {
      const stillConnected = await tx.oAuthAccessToken.count({ where: { organizationId, clientId, revokedAt: null } });
      if (stillConnected === 0) await deactivateSubscriptionsManagedBy(tx, { oauthClientDbId: clientId, organizationId });
    }
    // Their calendar connection here is forgotten with the membership; the grant is revoked at Google after commit.
    const calendarTokens = await forgetCalendarConnections(tx, organizationId, target.userId);
    const assignedLeads = await tx.lead.count({ where: { organizationId, assignedToId: target.userId } });
    return { membershipId: target.id, userId: target.userId, assignedLeads, revokedOAuthTokens: liveTokens, calendarTokens };
  });
  const { calendarTokens, ...result } = removed;
  await revokeCalendarTokens(calendarTokens);
  return result;
}
