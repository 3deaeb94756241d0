import type { DbTx } from "../db/client";

/** The credential whose subscriptions go with it: an API key, or an OAuth client (in one organization, or everywhere). */
export type ManagingCredential = { apiKeyId: string } | { oauthClientDbId: string; organizationId?: string };

/**
 * Revoking a credential deactivates the subscriptions it manages in the same
 * transaction, visibly (`is_active: false`, reason `credential_revoked`), so
 * an integration that lost access stops receiving the organization's data at
 * once. (A delivery already claimed checks the credential again before it is
 * sent.) Returns how many were deactivated.
 */
export async function deactivateSubscriptionsManagedBy(tx: DbTx, credential: ManagingCredential): Promise<number> {
  const where =
    "apiKeyId" in credential
      ? { managedByApiKeyId: credential.apiKeyId }
      : { managedByClientId: credential.oauthClientDbId, ...(credential.organizationId ? { organizationId: credential.organizationId } : {}) };
  const { count } = await tx.webhookSubscription.updateMany({
    where: { ...where, isActive: true },
    data: { isActive: false, disabledReason: "credential_revoked", disabledAt: new Date() },
  });
  return count;
}
