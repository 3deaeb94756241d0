import type { Db, DbTx } from "../db/client";
import { giveTurnBack } from "../round-robin/take-turn";
import { logger } from "../system/logger";
import type { Prisma } from "../db/generated/client";
import { recordTurn, recordTurnBesideStory } from "../round-robin/assign-by-turn";
import { originOf } from "../round-robin/lead-origin";
import { recordOffers } from "../round-robin/claim-offers";
import { assertPoolReference, routeArrivingLead, routeArrivingLeadAlone, type ArrivalOffer, type ArrivalTurn } from "../round-robin/route-arriving-lead";
import type { LeadRepresentation } from "./lead-representation";
import type { LeadValues } from "./lead-values";

export interface AssignmentRequest {
  organizationId: string;
  /** An explicit owner, already checked to be a member. */
  assignedToId: string | null;
  /** The pool the caller asked to assign through, if any. */
  roundRobinId: string | null;
  /** The lead's values, for routing by origin. */
  values: Pick<LeadValues, "source" | "sourceMetadata" | "customFields">;
}

export interface AssignmentOutcome {
  assignedToId: string | null;
  /** The pool that chose the owner; null for an explicit owner or when nothing was assigned. */
  roundRobinId: string | null;
  /** True when a pool chose the owner (carried by `lead.assigned`). */
  autoAssigned: boolean;
  /** The pool's turn, recorded in the history once the lead row exists. */
  turn: ArrivalTurn | null;
  /** A first-to-claim pool's offers (the lead stays unassigned in the pool), recorded once the lead row exists. */
  offer?: ArrivalOffer["offer"];
}

/**
 * Decides who owns a lead being created, inside the creating transaction.
 * An explicit `assignedToId` wins and skips every pool (no pointer moves).
 * Otherwise the round robin routes it (server/round-robin/route-arriving-lead.ts):
 * the requested `roundRobinId`, or the pool its origin matches. Routing never
 * makes creation fail; no eligible pool leaves the lead unassigned.
 */
export async function assignOnCreate(tx: DbTx, request: AssignmentRequest): Promise<AssignmentOutcome> {
  // A pool id that names nothing of this organization is refused like any unknown reference, even beside an assignee.
  if (request.roundRobinId !== null) await assertPoolReference(tx, request.organizationId, request.roundRobinId);
  if (request.assignedToId !== null) return explicitOwner(request.assignedToId);
  return outcomeOf(await routeArrivingLead(tx, request.organizationId, { roundRobinId: request.roundRobinId, origin: originOf(request.values) }));
}

function explicitOwner(assignedToId: string): AssignmentOutcome {
  return { assignedToId, roundRobinId: null, autoAssigned: false, turn: null };
}

function outcomeOf(turn: ArrivalTurn | ArrivalOffer | null): AssignmentOutcome {
  if (!turn) return { assignedToId: null, roundRobinId: null, autoAssigned: false, turn: null };
  if ("offer" in turn) return { assignedToId: null, roundRobinId: turn.offer.poolId, autoAssigned: false, turn: null, offer: turn.offer };
  return { assignedToId: turn.turn.userId, roundRobinId: turn.turn.poolId, autoAssigned: true, turn };
}

/**
 * The same decision, taken before the lead's own transaction, in a short
 * transaction of its own: the pool row is locked for the turn (a few
 * statements), not for the whole write of the lead, so arrivals through one
 * pool queue only for their turns. Concurrent arrivals still get consecutive
 * turns: the pointer moves under the lock and is committed before the next
 * turn reads it. When the lead is then not written, `releaseUnusedTurn` gives
 * the turn back.
 */
export async function assignBeforeCreate(db: Db, request: AssignmentRequest): Promise<AssignmentOutcome> {
  if (request.roundRobinId !== null) await assertPoolReference(db, request.organizationId, request.roundRobinId);
  if (request.assignedToId !== null) return explicitOwner(request.assignedToId);
  // No transaction at all when no pool takes the lead (routeArrivingLeadAlone).
  return outcomeOf(await routeArrivingLeadAlone(db, request.organizationId, { roundRobinId: request.roundRobinId, origin: originOf(request.values) }));
}

/** A turn taken by `assignBeforeCreate` whose lead was never written: the pool's pointer goes back if nobody moved it since. */
export async function releaseUnusedTurn(db: Db, outcome: AssignmentOutcome): Promise<void> {
  if (!outcome.turn) return;
  // Never in the way of the error that stopped the lead: a turn not given back is one member skipped once.
  await giveTurnBack(db, outcome.turn.turn).catch((error: unknown) => logger.error("round_robin.turn_not_given_back", { poolId: outcome.turn?.turn.poolId, error }));
}

/** After the lead row is written: the pool's turn is recorded (history and, when the pool asks for it, the assignee's email). */
export async function recordAssignmentOnCreate(
  tx: DbTx,
  organizationId: string,
  outcome: AssignmentOutcome,
  lead: LeadRepresentation,
): Promise<void> {
  const { turn, offer } = outcome;
  if (turn) await recordTurn(tx, organizationId, turn.turn, lead, turn);
  if (offer) await recordOffers(tx, organizationId, lead, offer);
}

/**
 * The same for a single create, which sends the turn's history row with the
 * lead's timeline and events (server/leads/lead-story.ts): the offers and the
 * email are written here, the history row's insert is returned (null: no turn).
 */
export async function recordAssignmentBesideStory(
  tx: DbTx,
  organizationId: string,
  outcome: AssignmentOutcome,
  lead: LeadRepresentation,
): Promise<Prisma.Sql | null> {
  const { turn, offer } = outcome;
  const history = turn ? await recordTurnBesideStory(tx, organizationId, turn.turn, lead, turn) : null;
  if (offer) await recordOffers(tx, organizationId, lead, offer);
  return history;
}
