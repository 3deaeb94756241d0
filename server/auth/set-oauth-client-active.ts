import type { Db } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { deactivateSubscriptionsManagedBy } from "../webhooks/deactivate-managed-subscriptions";

/**
 * Enables or disables an OAuth client (an automation platform's app) for
 * every organization. While disabled its tokens are refused with 403, and
 * disabling deactivates every webhook subscription it manages, in the same
 * transaction. Enabling it again does not bring those back: the platform
 * subscribes again when its users reconnect. Returns false for an unknown client.
 */
export async function setOAuthClientActive(db: Db, clientId: string, isActive: boolean): Promise<boolean> {
  return runInTransaction(db, async (tx) => {
    const client = await tx.oAuthClient.findUnique({ where: { clientId: clientId.trim() }, select: { id: true } });
    if (!client) return false;
    await tx.oAuthClient.update({ where: { id: client.id }, data: { isActive } });
    if (!isActive) await deactivateSubscriptionsManagedBy(tx, { oauthClientDbId: client.id });
    return true;
  });
}
