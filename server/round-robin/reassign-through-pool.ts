import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import { isUuid } from "../ids";
import { assignByTurn } from "./assign-by-turn";
import { poolNobodyEligible, poolNotFound } from "./pool-errors";
import { takeTurn, type Turn } from "./take-turn";

/** 404 unless `poolId` names a pool of the caller's organization (checked once before a batch). */
export async function assertPoolOfOrganization(tx: DbTx, organizationId: string, poolId: string): Promise<void> {
  if (!isUuid(poolId)) throw poolNotFound();
  const pool = await tx.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { id: true } });
  if (!pool) throw poolNotFound();
}

/**
 * Hands one lead, locked by the caller and still assigned to `fromUserId`, to
 * the next participant of a pool (Settings → Members, when a member leaves),
 * in the caller's transaction; lock order lead then pool, like every
 * assignment. The pool's flags are not read (the admin chose it), but an
 * inactive pool or one with nobody eligible is 400: the admin asked for a
 * pool and must know the leads did not move. `fromUserId` is left out of the
 * turn so a lead never goes back to the person it is taken from. The lead
 * changes through its owner like any pool assignment (`assignByTurn`); the
 * history row has source `system` (the contract's closed enum has no
 * "reassignment") and `metadata.reason` `reassignment`.
 */
export async function reassignThroughPool(tx: DbTx, principal: Principal, leadId: string, poolId: string, fromUserId: string): Promise<Turn> {
  await assertPoolOfOrganization(tx, principal.organizationId, poolId);
  const turn = await takeTurn(tx, principal.organizationId, poolId, { excludeUserId: fromUserId });
  if (!turn) throw poolNobodyEligible();
  const metadata = { reason: "reassignment", previousAssignedToId: fromUserId, requestedBy: principal.userId ?? null };
  await assignByTurn(tx, principal, leadId, turn, { source: "system", metadata });
  return turn;
}
