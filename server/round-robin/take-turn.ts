import type { Db, DbTx } from "../db/client";
import { pickParticipant, type RotationCandidate, type RotationPick } from "./pick-participant";
import type { AssignmentSource } from "./round-robin-values";

export interface Turn {
  poolId: string;
  userId: string;
  turnOrder: number;
  pointerBefore: number;
  pointerAfter: number;
  skipped: RotationPick["skipped"];
  emailNotificationsEnabled: boolean;
  /** When the turn was taken, under the pool's lock: the history reads in turn order. */
  takenAt: Date;
}

/**
 * Takes the next turn of a pool inside the caller's transaction: locks the
 * pool row (FOR NO KEY UPDATE: the pointer is not a key, so rows referencing
 * the pool can still be inserted), picks the next eligible participant and
 * moves the pointer past them before the lock is released at commit, so two
 * concurrent arrivals never get the same turn (research §4.3, strategy A). lock_timeout 2 s: well inside the 5 s a Prisma interactive transaction may last, so a stuck pool leaves time to create the lead unassigned.
 * Lock order everywhere: lead first, then pool. Null when the pool is
 * missing, of another organization, inactive, or has nobody eligible; the
 * pointer is then left alone. `excludeUserId` leaves one person out of this
 * turn entirely (a reassignment must not hand a lead back to the member it is
 * taken from), `excludeUserIds` several (an escalation leaves out everyone
 * who already missed the lead's deadline); the pointer passes them as it
 * passes anyone not eligible.
 */
export async function takeTurn(
  tx: DbTx,
  organizationId: string,
  poolId: string,
  options: { excludeUserId?: string; excludeUserIds?: readonly string[] } = {},
): Promise<Turn | null> {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '2s'`);
  const pools = await tx.$queryRaw<{ nextParticipantOrder: number; emailNotificationsEnabled: boolean }[]>`
    SELECT "nextParticipantOrder", "emailNotificationsEnabled" FROM "RoundRobinPool"
    WHERE "id" = ${poolId}::uuid AND "organizationId" = ${organizationId}::uuid AND "isActive"
    FOR NO KEY UPDATE`;
  const pool = pools[0];
  if (!pool) return null;
  const takenAt = new Date();

  const excluded = new Set([...(options.excludeUserIds ?? []), ...(options.excludeUserId ? [options.excludeUserId] : [])]);
  const candidates = (await rotationCandidates(tx, poolId)).filter((c) => !excluded.has(c.userId));
  const pick = pickParticipant(candidates, pool.nextParticipantOrder);
  if (!pick) return null;
  if (pick.nextPointer !== pool.nextParticipantOrder) {
    await tx.$executeRaw`
      UPDATE "RoundRobinPool" SET "nextParticipantOrder" = ${pick.nextPointer}, "updatedAt" = now()
      WHERE "id" = ${poolId}::uuid`;
  }
  return {
    poolId,
    userId: pick.chosen.userId,
    turnOrder: pick.chosen.order,
    pointerBefore: pool.nextParticipantOrder,
    pointerAfter: pick.nextPointer,
    skipped: pick.skipped,
    emailNotificationsEnabled: pool.emailNotificationsEnabled,
    takenAt,
  };
}

/**
 * Undoes a turn whose lead was never written (its creation failed after the
 * turn was taken in a transaction of its own): the pointer goes back to where
 * the turn found it, but only if no later turn has moved it since — then the
 * turn stays spent (one member skipped once) rather than handing a later
 * turn's member the next lead twice.
 */
export async function giveTurnBack(db: Db, turn: Turn): Promise<void> {
  if (turn.pointerBefore === turn.pointerAfter) return;
  await db.$executeRaw`
    UPDATE "RoundRobinPool" SET "nextParticipantOrder" = ${turn.pointerBefore}, "updatedAt" = now()
    WHERE "id" = ${turn.poolId}::uuid AND "nextParticipantOrder" = ${turn.pointerAfter}`;
}

/** The pool's participants in order, with whether each is paused and still a member. */
export async function rotationCandidates(tx: DbTx, poolId: string): Promise<RotationCandidate[]> {
  return tx.$queryRaw<RotationCandidate[]>`
    SELECT p."userId"::text AS "userId", p."order", p."isActive",
      EXISTS (SELECT 1 FROM "Membership" m WHERE m."organizationId" = p."organizationId" AND m."userId" = p."userId") AS "isMember"
    FROM "RoundRobinParticipant" p WHERE p."roundRobinId" = ${poolId}::uuid ORDER BY p."order"`;
}

/** Writes the history row of a turn given to a lead (same transaction as the turn). */
export async function recordAssignment(
  tx: DbTx,
  organizationId: string,
  turn: Turn,
  leadId: string,
  source: AssignmentSource,
  metadata: Record<string, unknown>,
): Promise<void> {
  await tx.roundRobinAssignment.create({
    data: {
      organizationId,
      roundRobinId: turn.poolId,
      leadId,
      assignedUserId: turn.userId,
      source,
      turnOrder: turn.turnOrder,
      // Taken while the pool lock was held (not the transaction's start time): the history reads in turn order.
      createdAt: turn.takenAt,
      metadata: JSON.stringify({
        ...metadata,
        pointerBefore: turn.pointerBefore,
        pointerAfter: turn.pointerAfter,
        ...(turn.skipped.length > 0 ? { skipped: turn.skipped } : {}),
      }),
    },
  });
}
