import { z } from "zod";
import type { Db, DbTx } from "../db/client";

export const revokeApiKeyInputSchema = z.object({
  id: z.string(),
  /** When given, only a key of this organization can be revoked (tenant-scoped callers). */
  organizationId: z.guid().optional(),
});

const UUID = z.guid();

/**
 * Turns a key off; the bearer check reads `isActive` on every request, so
 * access ends immediately. The row is kept for the audit trail (name, last use).
 * Returns false when no such key exists (or it belongs to another organization).
 * Revoking a revoked key succeeds: the outcome the caller wants already holds.
 */
export async function revokeApiKey(db: Db | DbTx, input: z.input<typeof revokeApiKeyInputSchema>): Promise<boolean> {
  const { id, organizationId } = revokeApiKeyInputSchema.parse(input);
  // A malformed id cannot name a key; answering "not found" beats a database cast error.
  if (!UUID.safeParse(id).success) return false;
  const { count } = await db.apiKey.updateMany({
    where: { id: id.toLowerCase(), ...(organizationId ? { organizationId } : {}) },
    data: { isActive: false },
  });
  return count > 0;
}
