import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { revokeGrant } from "../oauth/grants";
import { hasRole, MANAGERS } from "../auth/roles";

/**
 * Settings → Connected apps: the live grants (connections) of the
 * organization, one per person and app, with what they allow and when they
 * were last used. Owners and admins see and revoke every grant (the
 * organization's list is a managers' procedure); every member sees and
 * revokes their own (`mine`, on their profile). Revoking kills the
 * grant's access and refresh tokens at once (the bearer check reads
 * `revokedAt`), and when no other grant of that app is left in the
 * organization, the app's webhook subscriptions there are deactivated.
 */

export interface ConnectedApp {
  id: string;
  clientId: string;
  name: string;
  logoUrl: string | null;
  isActive: boolean;
  user: { id: string; name: string; email: string };
  scopes: string[];
  connectedAt: string;
  lastUsedAt: string | null;
}

const NOT_FOUND = () => new ApiError("NOT_FOUND", "resource.notFound", { resource: "Connected app" });

export async function listConnectedApps(ctx: DomainContext, { mine }: { mine: boolean }): Promise<ConnectedApp[]> {
  const { db, principal } = ctx;
  if (mine && principal.userId === null) return [];
  const grants = await db.oAuthGrant.findMany({
    where: { organizationId: principal.organizationId, revokedAt: null, ...(mine ? { userId: principal.userId! } : {}) },
    select: {
      id: true,
      scopes: true,
      createdAt: true,
      client: { select: { clientId: true, name: true, logoUrl: true, isActive: true } },
      user: { select: { id: true, name: true, email: true } },
      accessTokens: { select: { lastUsedAt: true }, where: { lastUsedAt: { not: null } }, orderBy: { lastUsedAt: "desc" }, take: 1 },
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return grants.map((grant) => ({
    id: grant.id,
    clientId: grant.client.clientId,
    name: grant.client.name,
    logoUrl: grant.client.logoUrl,
    isActive: grant.client.isActive,
    user: grant.user,
    scopes: grant.scopes,
    connectedAt: grant.createdAt.toISOString(),
    lastUsedAt: grant.accessTokens[0]?.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * A member may revoke their own grants; owners and admins any grant of the
 * organization. Someone else's grant is, to a member, a missing one (404):
 * a visibility rule of the data, like tenancy.
 */
export async function revokeConnectedApp(ctx: DomainContext, grantId: string): Promise<{ id: string; revokedTokens: number }> {
  if (!isUuid(grantId)) throw NOT_FOUND();
  const { db, principal } = ctx;
  const grant = await db.oAuthGrant.findFirst({
    where: { id: grantId, organizationId: principal.organizationId, revokedAt: null },
    select: { id: true, userId: true, _count: { select: { accessTokens: { where: { revokedAt: null } } } } },
  });
  if (!grant) throw NOT_FOUND();
  if (grant.userId !== principal.userId && !hasRole(principal.role, MANAGERS)) throw NOT_FOUND();
  if (!(await revokeGrant(db, grant.id, "user"))) throw NOT_FOUND();
  return { id: grant.id, revokedTokens: grant._count.accessTokens };
}
