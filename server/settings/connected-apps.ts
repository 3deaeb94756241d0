import type { DomainContext } from "../domain-context";
import { runInTransaction } from "../db/run-in-transaction";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { deactivateSubscriptionsManagedBy } from "../webhooks/deactivate-managed-subscriptions";

/**
 * Settings → Connected apps: the OAuth clients holding live (not revoked)
 * tokens for the organization, one entry per client with the people who
 * connected it. Revoking cuts every token of that client for this
 * organization; the bearer check reads `revokedAt`, so they fail at once,
 * and the app's webhook subscriptions in the organization are deactivated.
 */

export interface ConnectedApp {
  id: string;
  clientId: string;
  name: string;
  isActive: boolean;
  users: { id: string; name: string; email: string }[];
  scopes: string[];
  tokenCount: number;
  connectedAt: string;
  lastUsedAt: string | null;
}

function later(a: Date | null, b: Date | null): Date | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

export async function listConnectedApps({ db, principal }: DomainContext): Promise<ConnectedApp[]> {
  const tokens = await db.oAuthAccessToken.findMany({
    where: { organizationId: principal.organizationId, revokedAt: null },
    select: {
      scopes: true,
      createdAt: true,
      lastUsedAt: true,
      client: { select: { id: true, clientId: true, name: true, isActive: true } },
      user: { select: { id: true, name: true, email: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const apps = new Map<string, ConnectedApp & { lastUsed: Date | null }>();
  for (const token of tokens) {
    let app = apps.get(token.client.id);
    if (!app) {
      app = {
        id: token.client.id,
        clientId: token.client.clientId,
        name: token.client.name,
        isActive: token.client.isActive,
        users: [],
        scopes: [],
        tokenCount: 0,
        connectedAt: token.createdAt.toISOString(),
        lastUsedAt: null,
        lastUsed: null,
      };
      apps.set(token.client.id, app);
    }
    app.tokenCount += 1;
    if (!app.users.some((user) => user.id === token.user.id)) app.users.push(token.user);
    for (const scope of token.scopes) if (!app.scopes.includes(scope)) app.scopes.push(scope);
    app.lastUsed = later(app.lastUsed, token.lastUsedAt);
  }
  return [...apps.values()]
    .map(({ lastUsed, ...app }) => ({ ...app, lastUsedAt: lastUsed?.toISOString() ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function revokeConnectedApp(
  { db, principal }: DomainContext,
  oauthClientId: string,
): Promise<{ id: string; revokedTokens: number }> {
  if (!isUuid(oauthClientId)) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Connected app" });
  const organizationId = principal.organizationId;
  const count = await runInTransaction(db, async (tx) => {
    const revoked = await tx.oAuthAccessToken.updateMany({
      where: { organizationId, clientId: oauthClientId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (revoked.count > 0) await deactivateSubscriptionsManagedBy(tx, { oauthClientDbId: oauthClientId, organizationId });
    return revoked.count;
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Connected app" });
  return { id: oauthClientId, revokedTokens: count };
}
