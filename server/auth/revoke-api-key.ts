import { z } from "zod";
import type { Db } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { deactivateSubscriptionsManagedBy } from "../webhooks/deactivate-managed-subscriptions";

export const revokeApiKeyInputSchema = z.object({
  id: z.string(),
  /** When given, only a key of this organization can be revoked (tenant-scoped callers). */
  organizationId: z.guid().optional(),
});

const UUID = z.guid();

/**
 * Turns a key off; the bearer check reads `isActive` on every request, so
 * access ends immediately, and the webhook subscriptions it manages are
 * deactivated in the same transaction. The row is kept for the audit trail (name, last use).
 * Returns false when no such key exists (or it belongs to another organization).
 * Revoking a revoked key succeeds: the outcome the caller wants already holds.
 */
export async function revokeApiKey(db: Db, input: z.input<typeof revokeApiKeyInputSchema>): Promise<boolean> {
  const { id, organizationId } = revokeApiKeyInputSchema.parse(input);
  // A malformed id cannot name a key; answering "not found" beats a database cast error.
  if (!UUID.safeParse(id).success) return false;
  const keyId = id.toLowerCase();
  return runInTransaction(db, async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id: keyId, ...(organizationId ? { organizationId } : {}) },
      data: { isActive: false },
    });
    if (count > 0) await deactivateSubscriptionsManagedBy(tx, { apiKeyId: keyId });
    return count > 0;
  });
}
