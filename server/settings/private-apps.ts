import type { DomainContext } from "../domain-context";
import { runInTransaction } from "../db/run-in-transaction";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { registerOAuthClient } from "../oauth/register-client";
import { deactivateSubscriptionsManagedBy } from "../webhooks/deactivate-managed-subscriptions";

/**
 * Settings → Connected apps → Your own apps: OAuth clients an organization's
 * owner registers for itself (a self-hosted n8n has its own redirect URI per
 * instance). Such an app can only be connected to this organization. Owners
 * only (declared by the procedures): a client secret reaches the
 * organization's data once someone allows it.
 */

export interface PrivateApp {
  id: string;
  clientId: string;
  name: string;
  redirectUris: string[];
  isPublic: boolean;
  logoUrl: string | null;
  isActive: boolean;
  createdAt: string;
}

function toPrivateApp(client: { id: string; clientId: string; name: string; redirectUris: string[]; isPublic: boolean; logoUrl: string | null; isActive: boolean; createdAt: Date }): PrivateApp {
  return { ...client, createdAt: client.createdAt.toISOString() };
}

const SELECT = { id: true, clientId: true, name: true, redirectUris: true, isPublic: true, logoUrl: true, isActive: true, createdAt: true } as const;

export async function listPrivateApps(ctx: DomainContext): Promise<PrivateApp[]> {
  const clients = await ctx.db.oAuthClient.findMany({ where: { organizationId: ctx.principal.organizationId }, select: SELECT, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return clients.map(toPrivateApp);
}

export async function createPrivateApp(
  ctx: DomainContext,
  input: { name: string; redirectUris: string[]; isPublic: boolean; logoUrl: string | null },
): Promise<{ app: PrivateApp; clientSecret: string | null }> {
  const { client, clientSecret } = await registerOAuthClient(ctx.db, { ...input, organizationId: ctx.principal.organizationId });
  return { app: toPrivateApp(client), clientSecret };
}

/** Disabling refuses the app's tokens (403) and stops its webhook subscriptions, as the operator's switch does. */
export async function setPrivateAppActive(ctx: DomainContext, id: string, isActive: boolean): Promise<PrivateApp> {
  const notFound = () => new ApiError("NOT_FOUND", "resource.notFound", { resource: "App" });
  if (!isUuid(id)) throw notFound();
  return runInTransaction(ctx.db, async (tx) => {
    const { count } = await tx.oAuthClient.updateMany({ where: { id, organizationId: ctx.principal.organizationId }, data: { isActive } });
    if (count === 0) throw notFound();
    if (!isActive) await deactivateSubscriptionsManagedBy(tx, { oauthClientDbId: id, organizationId: ctx.principal.organizationId });
    return toPrivateApp(await tx.oAuthClient.findUniqueOrThrow({ where: { id }, select: SELECT }));
  });
}
