import type { Db, DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { preparedStatement } from "../db/prepared-statements";
import { rotationCandidates, type OrganizationHours } from "./participant-availability";
import { pickParticipant, type RotationPick } from "./pick-participant";
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
  /** The running weights the turn found and left, by user id, to give the turn back. */
  weightsBefore: Map<string, number>;
  weightsAfter: Map<string, number>;
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
  options: { excludeUserId?: string; excludeUserIds?: readonly string[]; at?: Date } = {},
): Promise<Turn | null> {
  // The organization's zone and hours come with the pool (availability needs them); only the pool row is locked.
  // lock_timeout is set for the rest of the transaction (as SET LOCAL) by the same statement, before it locks:
  // the row lock is taken at the top of the plan, after the unflattened `cfg` has run.
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  const pools = await tx.$queryRaw<({ nextParticipantOrder: number; emailNotificationsEnabled: boolean } & OrganizationHours)[]>(preparedStatement(Prisma.sql`
    SELECT p."nextParticipantOrder", p."emailNotificationsEnabled", o."timezone", o."businessHours"
    FROM (SELECT set_config('lock_timeout', '2s', true) OFFSET 0) cfg, "RoundRobinPool" p JOIN "Organization" o ON o."id" = p."organizationId"
    WHERE p."id" = ${poolId}::uuid AND p."organizationId" = ${organizationId}::uuid AND p."isActive"
    FOR NO KEY UPDATE OF p`));
  const pool = pools[0];
  if (!pool) return null;
  const takenAt = new Date();

  const excluded = new Set([...(options.excludeUserIds ?? []), ...(options.excludeUserId ? [options.excludeUserId] : [])]);
  const all = await rotationCandidates(tx, poolId, options.at ?? takenAt, pool);
  const pick = pickParticipant(all.filter((c) => !excluded.has(c.userId)), pool.nextParticipantOrder);
  if (!pick) return null;
  const weightsBefore = new Map(all.map((c) => [c.userId, c.currentWeight ?? 0]));
  await writeTurn(tx, poolId, pool.nextParticipantOrder === pick.nextPointer ? null : pick.nextPointer, weightsBefore, pick.currentWeights);
  return {
    poolId,
    userId: pick.chosen.userId,
    turnOrder: pick.chosen.order,
    pointerBefore: pool.nextParticipantOrder,
    pointerAfter: pick.nextPointer,
    skipped: pick.skipped,
    emailNotificationsEnabled: pool.emailNotificationsEnabled,
    takenAt,
    weightsBefore,
    weightsAfter: pick.currentWeights,
  };
}

/** Moves the pointer (unless `pointer` is null: it did not move) and persists the running weights that changed, in one statement (under the pool's lock). */
async function writeTurn(tx: DbTx, poolId: string, pointer: number | null, before: Map<string, number>, after: Map<string, number>): Promise<void> {
  const changed = [...after].filter(([userId, weight]) => before.get(userId) !== weight);
  if (pointer === null && changed.length === 0) return;
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  await tx.$executeRaw(preparedStatement(Prisma.sql`
    WITH pool AS (
      UPDATE "RoundRobinPool" SET "nextParticipantOrder" = ${pointer}::int, "updatedAt" = now()
      WHERE "id" = ${poolId}::uuid AND ${pointer}::int IS NOT NULL)
    UPDATE "RoundRobinParticipant" p SET "currentWeight" = v.w
    FROM unnest(${changed.map(([u]) => u)}::uuid[], ${changed.map(([, w]) => w)}::int[]) AS v(u, w)
    WHERE p."roundRobinId" = ${poolId}::uuid AND p."userId" = v.u`));
}

/** Persists the running weights that changed, in one statement (under the pool's lock). */
async function writeRunningWeights(tx: DbTx | Db, poolId: string, before: Map<string, number>, after: Map<string, number>): Promise<void> {
  const changed = [...after].filter(([userId, weight]) => before.get(userId) !== weight);
  if (changed.length === 0) return;
  await tx.$executeRaw`
    UPDATE "RoundRobinParticipant" p SET "currentWeight" = v.w
    FROM unnest(${changed.map(([u]) => u)}::uuid[], ${changed.map(([, w]) => w)}::int[]) AS v(u, w)
    WHERE p."roundRobinId" = ${poolId}::uuid AND p."userId" = v.u`;
}

/**
 * Undoes a turn whose lead was never written (its creation failed after the
 * turn was taken in a transaction of its own): the pointer and the running
 * weights go back to where the turn found them, but only if no later turn
 * has moved them since — then the turn stays spent (one member skipped once)
 * rather than handing a later turn's member the next lead twice.
 */
export async function giveTurnBack(db: Db, turn: Turn): Promise<void> {
  await db.$transaction(async (tx) => {
    // The pool's lock, then: only if no later turn has moved anything since.
    const moved = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id"::text FROM "RoundRobinPool" WHERE "id" = ${turn.poolId}::uuid AND "nextParticipantOrder" = ${turn.pointerAfter} FOR NO KEY UPDATE`;
    if (moved.length === 0) return;
    const now = await tx.$queryRaw<{ userId: string; currentWeight: number }[]>`
      SELECT "userId"::text AS "userId", "currentWeight" FROM "RoundRobinParticipant" WHERE "roundRobinId" = ${turn.poolId}::uuid`;
    if (now.some((r) => (turn.weightsAfter.get(r.userId) ?? r.currentWeight) !== r.currentWeight)) return;
    await tx.$executeRaw`
      UPDATE "RoundRobinPool" SET "nextParticipantOrder" = ${turn.pointerBefore}, "updatedAt" = now() WHERE "id" = ${turn.poolId}::uuid`;
    await writeRunningWeights(tx, turn.poolId, new Map(now.map((r) => [r.userId, r.currentWeight])), turn.weightsBefore);
  });
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
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  await tx.$executeRaw(preparedStatement(assignmentHistoryInsert(organizationId, turn, leadId, source, metadata)));
}

/**
 * The history row's insert (no RETURNING), for `recordAssignment` and for a
 * lead's create, which sends it in one statement with the lead's timeline
 * and events (server/leads/lead-story.ts).
 */
export function assignmentHistoryInsert(
  organizationId: string,
  turn: Turn,
  leadId: string,
  source: AssignmentSource,
  metadata: Record<string, unknown>,
): Prisma.Sql {
  const recorded = JSON.stringify({
    ...metadata,
    pointerBefore: turn.pointerBefore,
    pointerAfter: turn.pointerAfter,
    ...(turn.skipped.length > 0 ? { skipped: turn.skipped } : {}),
  });
  // SQL, not the client's `create`: one per routed lead, and Prisma compiles and maps a create per call.
  // `createdAt` is when the turn was taken, under the pool lock (not the transaction's start): the history reads in turn order.
  return Prisma.sql`
    INSERT INTO "RoundRobinAssignment" ("id", "organizationId", "roundRobinId", "leadId", "assignedUserId", "source", "turnOrder", "metadata", "createdAt")
    VALUES (gen_random_uuid(), ${organizationId}::uuid, ${turn.poolId}::uuid, ${leadId}, ${turn.userId}::uuid, ${source}::"RoundRobinAssignmentSource",
      ${turn.turnOrder}, ${recorded}, ${turn.takenAt}::timestamptz)`;
}
