import type { Db, DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import { ApiError } from "../errors/api-error";
import { arrivalAssignmentSource, findPoolForLead, type PoolMatch } from "./find-pool-for-lead";
import type { LeadOrigin } from "./lead-origin";
import type { AssignmentSource } from "./round-robin-values";
import { offerFor, type PendingOffer } from "./claim-offers";
import { takeTurn, type Turn } from "./take-turn";

export interface ArrivalTurn {
  turn: Turn;
  source: AssignmentSource;
  metadata: Record<string, unknown>;
}

/** A first-to-claim pool's answer: nobody yet; the lead waits in the pool, offered to these participants until `expiresAt`. */
export interface ArrivalOffer {
  offer: PendingOffer;
}

/** 400 VALIDATION_ERROR for a `roundRobinId` naming no pool of the organization: refused like any unknown reference. */
export async function assertPoolReference(tx: DbTx, organizationId: string, poolId: string): Promise<void> {
  const pool = await tx.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { id: true } });
  if (!pool) throw ApiError.invalid([{ path: "roundRobinId", reason: "validation.noSuchPool" }]);
}

/**
 * Who gets a lead being created without an explicit owner, inside the
 * creating transaction: through the requested pool (its inbound/manual flags
 * bypassed; an inactive pool assigns nobody), or through the pool its origin
 * matches. The turn is taken in a savepoint: whatever goes wrong while
 * routing (a lock timeout on a hot pool), the lead is still created,
 * unassigned, as the spec demands; nothing of the failed turn remains.
 */
export async function routeArrivingLead(
  tx: DbTx,
  organizationId: string,
  request: { roundRobinId: string | null; origin: LeadOrigin },
): Promise<ArrivalTurn | ArrivalOffer | null> {
  // The caller has checked that `roundRobinId` names a pool of the organization (assertPoolReference).
  await tx.$executeRawUnsafe("SAVEPOINT round_robin_routing");
  try {
    const match = await poolFor(tx, organizationId, request);
    const routed = match ? await routeThroughPool(tx, organizationId, request, match) : null;
    await tx.$executeRawUnsafe("RELEASE SAVEPOINT round_robin_routing");
    return routed;
  } catch {
    await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT round_robin_routing");
    return null;
  }
}

/**
 * The same routing before the lead's own transaction (the lead is written
 * afterwards): the pool is found with a plain read (no lock: the turn's own
 * statements lock the pool), and only a lead some pool takes opens a short
 * transaction for its turn; whatever goes wrong in it rolls it back whole and
 * the lead is created unassigned, as inside a transaction.
 */
export async function routeArrivingLeadAlone(
  db: Db,
  organizationId: string,
  request: { roundRobinId: string | null; origin: LeadOrigin },
): Promise<ArrivalTurn | ArrivalOffer | null> {
  const match = await poolFor(db, organizationId, request);
  if (!match) return null;
  try {
    return await runInTransaction(db, (tx) => routeThroughPool(tx, organizationId, request, match));
  } catch {
    return null;
  }
}

function poolFor(tx: DbTx, organizationId: string, request: { roundRobinId: string | null; origin: LeadOrigin }): Promise<PoolMatch | null> {
  if (request.roundRobinId !== null) return Promise.resolve({ poolId: request.roundRobinId, match: { reason: "explicit_pool" } });
  return findPoolForLead(tx, organizationId, request.origin, "assignInboundLeads");
}

/** The turn (or a first-to-claim pool's offers) of the pool `match` names, in the caller's transaction. */
async function routeThroughPool(
  tx: DbTx,
  organizationId: string,
  request: { roundRobinId: string | null; origin: LeadOrigin },
  match: PoolMatch,
): Promise<ArrivalTurn | ArrivalOffer | null> {
  const distribution = match.distribution ?? (await tx.roundRobinPool.findUnique({ where: { id: match.poolId }, select: { distribution: true } }))?.distribution;
  if (distribution === "first_to_claim") {
    // Offered to everyone eligible at once; nobody to offer it to: the rotation (which will find nobody either) decides.
    const offer = await offerFor(tx, match.poolId, new Date());
    if (offer) return { offer };
  }
  const turn = await takeTurn(tx, organizationId, match.poolId);
  if (!turn) return null;
  const isExplicit = request.roundRobinId !== null;
  return {
    turn,
    source: arrivalAssignmentSource(request.origin.leadSource, isExplicit ? null : match.match),
    metadata: { ...match.match, leadSource: request.origin.leadSource },
  };
}
