import type { DbTx } from "../db/client";
import type { MemberRole } from "../auth/roles";
import { scopesForRole, scopesHeldBy } from "../auth/scopes";
import { revokeGrant } from "./grants";

export interface NarrowedConnections {
  /** Connections whose scopes were cut (or revoked, when nothing was left). */
  narrowedGrants: number;
  /** Access tokens revoked because they carried a scope the new role may not hold. */
  revokedTokens: number;
}

/**
 * A person's role in an organization changed: their OAuth connections there
 * keep only what the new role may hold (server/auth/scopes.ts). Each grant's
 * scopes are intersected (a grant left with none is revoked); each live
 * access token carrying more is revoked, so the app refreshes and receives
 * the narrowed set (RFC 6749 section 6 lets a refresh answer fewer scopes).
 * Runs in the role change's transaction. Refresh and bearer resolution apply
 * the same cap again, which also cuts connections made before this existed.
 */
export async function narrowConnectionsToRole(tx: DbTx, organizationId: string, userId: string, role: MemberRole): Promise<NarrowedConnections> {
  const grants = await tx.oAuthGrant.findMany({ where: { organizationId, userId, revokedAt: null }, select: { id: true, scopes: true } });
  let narrowedGrants = 0;
  for (const grant of grants) {
    const held = scopesHeldBy(role, grant.scopes);
    if (held.length === grant.scopes.length) continue;
    narrowedGrants += 1;
    if (held.length === 0) await revokeGrant(tx, grant.id, "role_changed");
    else await tx.oAuthGrant.update({ where: { id: grant.id }, data: { scopes: held } });
  }
  const holdable = scopesForRole(role);
  const revokedTokens = await tx.$executeRaw`
    UPDATE "OAuthAccessToken" SET "revokedAt" = now()
    WHERE "organizationId" = ${organizationId}::uuid AND "userId" = ${userId}::uuid AND "revokedAt" IS NULL
      AND NOT ("scopes" <@ ${holdable}::text[])`;
  return { narrowedGrants, revokedTokens };
}
