import type { PrismaClient } from "../db/generated/client";
import type { Principal } from "./principal";
import { principalOrganizationSelect, toPrincipalOrganization } from "./resolve-bearer";
import { scopesForRole } from "./scopes";
import { isSessionCurrent } from "./sessions";

/**
 * The dashboard's Principal: the signed-in user acting in their active
 * organization (or, when none is chosen yet or it is no longer theirs, the
 * first organization they belong to). Scopes derive from the member's role.
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
  return {
    organizationId: membership.organizationId,
    organization: toPrincipalOrganization(membership.organization),
    kind: "session",
    scopes: scopesForRole(membership.role),
    userId: session.userId,
    clientId: null,
    apiKeyId: null,
    oauthClientDbId: null,
    source: "ui",
  };
}
