import { systemPrincipal } from "../auth/system-principal";
import type { Db, DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { sqlNow, type Clock } from "../jobs/job-clock";
import { assignByTurn } from "./assign-by-turn";
import { closeOffers } from "./claim-offers";
import { takeTurn } from "./take-turn";

/** Most leads one sweep hands to the rotation; the rest wait for the next minute's. */
const SWEEP_LIMIT = 500;

/**
 * Hands to the rotation every first-to-claim lead whose claim window ran out
 * by `clock` (the database's in production) with nobody claiming it: the
 * scheduled job runs it every minute, once per minute across instances, and
 * each lead is handled in its own transaction under its row lock (`FOR
 * UPDATE SKIP LOCKED`, its state read again under it), lock order lead then
 * pool like every assignment, so two overlapping sweeps, or a sweep and a
 * late claim, never assign a lead twice. The pool's next turn (weights,
 * caps and availability at the sweep's instant) gets it, with a history row
 * of source `system` and `metadata.reason` `claim_window_expired`; nobody
 * eligible leaves it in the pond, still claimable. Answers how many leads
 * it assigned.
 */
export async function expireClaimOffers(db: Db, clock: Clock): Promise<number> {
  const [{ now } = { now: new Date() }] = await db.$queryRaw<{ now: Date }[]>`SELECT ${sqlNow(clock)} AS now`;
  const due = await db.$queryRaw<{ leadId: string; organizationId: string }[]>`
    SELECT o."leadId", min(o."organizationId"::text) AS "organizationId" FROM "LeadClaimOffer" o
    WHERE o."closedAt" IS NULL AND o."expiresAt" <= ${now}::timestamptz
    GROUP BY o."leadId" ORDER BY min(o."expiresAt") LIMIT ${SWEEP_LIMIT}`;
  let assigned = 0;
  for (const lead of due) {
    if (await runInTransaction(db, (tx) => expireOne(tx, lead.organizationId, lead.leadId, now))) assigned++;
  }
  return assigned;
}

async function expireOne(tx: DbTx, organizationId: string, leadId: string, now: Date): Promise<boolean> {
  const [lead] = await tx.$queryRaw<{ assignedToId: string | null; roundRobinId: string | null }[]>`
    SELECT l."assignedToId"::text AS "assignedToId", l."roundRobinId"::text AS "roundRobinId" FROM "Lead" l
    WHERE l."id" = ${leadId} AND l."organizationId" = ${organizationId}::uuid
      AND EXISTS (SELECT 1 FROM "LeadClaimOffer" o WHERE o."leadId" = l."id" AND o."closedAt" IS NULL AND o."expiresAt" <= ${now}::timestamptz)
    FOR UPDATE SKIP LOCKED`;
  if (!lead) return false;
  // Someone holds it already (assigned by other means): the offers just close.
  if (lead.assignedToId !== null || lead.roundRobinId === null) {
    await closeOffers(tx, leadId, now, null);
    return false;
  }
  const turn = await takeTurn(tx, organizationId, lead.roundRobinId, { at: now });
  await closeOffers(tx, leadId, now, null);
  if (!turn) return false;
  const principal = await systemPrincipal(tx, organizationId);
  await assignByTurn(tx, principal, leadId, turn, { source: "system", metadata: { reason: "claim_window_expired" } }, now);
  return true;
}
