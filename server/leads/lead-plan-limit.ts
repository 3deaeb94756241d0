import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { maintainedLeadCount } from "./lead-counts";

/**
 * Refuses a new lead once the organization holds `maxLeads` (null: unlimited)
 * with `403 FORBIDDEN` naming the limit. The organization row is locked for
 * the rest of the caller's transaction, so concurrent creations count one
 * after another and cannot overshoot the limit together. `FOR NO KEY UPDATE`
 * leaves foreign-key checks (which take KEY SHARE locks) on the organization
 * unblocked for everything else. The count is the maintained one (O(1)), so
 * the lock is held for microseconds of counting, not a scan of the leads.
 */
export async function assertLeadCapacity(tx: DbTx, organizationId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ maxLeads: number | null }[]>`
    SELECT "maxLeads" FROM "Organization" WHERE "id" = ${organizationId}::uuid FOR NO KEY UPDATE`;
  const max = rows[0]?.maxLeads ?? null;
  if (max === null) return;
  const count = await maintainedLeadCount(tx, organizationId, { dimension: "all", value: "" });
  if (count >= max) throw new ApiError("FORBIDDEN", "planLimit.reached", { limit: "maxLeads", max });
}
