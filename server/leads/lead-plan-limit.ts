import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { maintainedLeadCount } from "./lead-counts";

/**
 * Refuses a new lead once the organization holds more than `maxLeads` (null:
 * unlimited) with `403 FORBIDDEN` naming the limit. Called as the LAST step of
 * the creating transaction, after the lead row is written: the maintained
 * count then includes this lead, and the transaction rolls back whole when it
 * is one too many.
 *
 * Exact under concurrency without holding anything for the length of the
 * write: creators of one organization queue on a transaction-scoped advisory
 * lock taken here, at the end, and held only for the count and the commit
 * right after it. Whoever holds it sees every lead committed before it (the
 * count is a new statement after the lock is granted, so a new snapshot under
 * READ COMMITTED) plus its own, and no other creator can commit meanwhile —
 * so two creators can never both fit into the last slot. The organization row
 * itself is not locked (settings changes and other creators' earlier steps
 * run alongside), and an organization without a limit takes no lock at all.
 * (Inside an outer transaction — an inbound WhatsApp message creating its
 * lead — the lock lasts until that transaction commits.)
 */
export async function assertLeadCapacity(tx: DbTx, organizationId: string, knownMax?: number | null): Promise<void> {
  const capacity = await leadCapacity(tx, organizationId, knownMax);
  if (capacity !== null && capacity.count > capacity.max) throw leadLimitReached(capacity.max);
}

/**
 * The organization's `maxLeads` and its maintained count, read under the
 * lock above (held until the commit); null when it has no limit (no lock).
 * `knownMax`: the limit as the request's principal read it with its
 * credential (the same request, a moment earlier), instead of a read here.
 * A chunk of an import reads it before its inserts and refuses the rows past
 * `max - count` as the single create would have refused each.
 */
export async function leadCapacity(tx: DbTx, organizationId: string, knownMax?: number | null): Promise<{ max: number; count: number } | null> {
  const max = knownMax !== undefined ? knownMax : await readMaxLeads(tx, organizationId);
  if (max === null) return null;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`lead-capacity:${organizationId}`}, 0))`;
  return { max, count: await maintainedLeadCount(tx, organizationId, { dimension: "all", value: "" }) };
}

async function readMaxLeads(tx: DbTx, organizationId: string): Promise<number | null> {
  const rows = await tx.$queryRaw<{ maxLeads: number | null }[]>`
    SELECT "maxLeads" FROM "Organization" WHERE "id" = ${organizationId}::uuid`;
  return rows[0]?.maxLeads ?? null;
}

export function leadLimitReached(max: number): ApiError {
  return new ApiError("FORBIDDEN", "planLimit.reached", { limit: "maxLeads", max });
}
