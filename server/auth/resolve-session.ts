import type { PrismaClient } from "../db/generated/client";
import { buildPrincipal, principalOrganizationSelect, toPrincipalOrganization, type Principal } from "./principal";
import { resolveLeadVisibility } from "../leads/lead-visibility";
import { isSessionCurrent } from "./sessions";

/**
 * The dashboard's Principal: the signed-in user acting in their active
 * organization (or, when none is chosen yet or it is no longer theirs, the
 * first organization they belong to). The role is read from the membership on
 * every request (a demoted admin loses rights at once); scopes follow from it,
 * and so do the leads they see (a lead reassigned away leaves their view at once).
 * Returns null when the user has no membership at all, or when the session
 * was revoked (its generation is older than the user's; server/auth/sessions.ts).
 */
export async function resolvePrincipalFromSession(
  db: PrismaClient,
  session: { userId?: string; organizationId?: string; sessionGeneration?: number },
): Promise<Principal | null> {
  if (!session.userId) return null;
  const memberships = await db.membership.findMany({
    where: { userId: session.userId },
    include: { organization: { select: principalOrganizationSelect }, user: { select: { sessionGeneration: true } } },
    orderBy: { createdAt: "asc" },
  });
  const membership = memberships.find((m) => m.organizationId === session.organizationId) ?? memberships[0];
  if (!membership) return null;
  if (!isSessionCurrent(session.sessionGeneration, membership.user.sessionGeneration)) return null;
  const leadVisibility = await resolveLeadVisibility(db, membership.organization, { userId: session.userId, role: membership.role });
  return buildPrincipal(toPrincipalOrganization(membership.organization), {
    kind: "session",
    userId: session.userId,
    role: membership.role,
    leadVisibility,
  });
}
