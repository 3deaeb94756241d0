import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { assertGenericWebhookAllowed, assertNoDuplicateConnections, connectionRouting, connectionRows } from "./connection-rules";
import { applyParticipantSettings, assertParticipantsAndFollower, participantRows } from "./participant-rules";
import { poolNotFound } from "./pool-errors";
import { poolSelect, type PoolRow } from "./pool-representation";
import type { CreatePoolRequest, PoolSettingsRequest, UpdatePoolRequest } from "./pool-requests";

function settingsData(request: PoolSettingsRequest) {
  const data: PoolSettingsRequest = {};
  for (const key of [
    "name",
    "followerUserId",
    "goalTotalDeals",
    "goalWonDeals",
    "isActive",
    "assignInboundLeads",
    "assignManualLeads",
    "emailNotificationsEnabled",
    "distribution",
    "claimWindowMinutes",
  ] as const) {
    if (request[key] !== undefined) (data as Record<string, unknown>)[key] = request[key];
  }
  return data;
}

/**
 * Creates a pool with its participants (array order = rotation order, the
 * pointer on the first) and connections. Every rule is checked before the
 * first insert: members (400), duplicates (400), the generic webhook (400/409).
 */
export async function createPool({ db, principal }: DomainContext, request: CreatePoolRequest): Promise<PoolRow> {
  const organizationId = principal.organizationId;
  const connections = request.connections ?? [];
  return runInTransaction(db, async (tx) => {
    await assertParticipantsAndFollower(tx, organizationId, request.participantIds, request.followerUserId);
    const routings = connections.map(connectionRouting);
    assertNoDuplicateConnections(routings);
    await assertGenericWebhookAllowed(tx, organizationId, routings, null);

    const pool = await tx.roundRobinPool.create({
      data: { ...settingsData(request), name: request.name, organizationId, createdBy: principal.userId, nextParticipantOrder: 1 },
      select: poolSelect,
    });
    await tx.roundRobinParticipant.createMany({ data: participantRows(organizationId, pool.id, request.participantIds) });
    await applyParticipantSettings(tx, pool.id, request.participantSettings, false);
    if (connections.length > 0) await tx.roundRobinConnection.createMany({ data: connectionRows(organizationId, pool.id, connections) });
    return pool;
  });
}

/**
 * Applies the fields sent (null clears follower and goals). `participantIds`
 * replaces the rotation and puts the pointer on its first participant;
 * `connections` replaces the connection list. Locks the pool row like an
 * assignment does, so a rotation change never interleaves with a turn.
 */
export async function updatePool({ db, principal }: DomainContext, poolId: string, request: UpdatePoolRequest): Promise<void> {
  const organizationId = principal.organizationId;
  if (!isUuid(poolId)) throw poolNotFound();
  await runInTransaction(db, async (tx) => {
    const exists = await tx.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { id: true } });
    if (!exists) throw poolNotFound();
    await assertParticipantsAndFollower(tx, organizationId, request.participantIds, request.followerUserId);
    const routings = request.connections?.map(connectionRouting);
    if (routings) {
      assertNoDuplicateConnections(routings);
      // Takes the organization row's lock before the pool's: lead creation locks them in that order too.
      await assertGenericWebhookAllowed(tx, organizationId, routings, poolId);
    }
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "RoundRobinPool" WHERE "id" = ${poolId}::uuid AND "organizationId" = ${organizationId}::uuid FOR NO KEY UPDATE`;
    if (locked.length === 0) throw poolNotFound();

    const data: Record<string, unknown> = { ...settingsData(request) };
    if (request.participantIds) {
      // A participant who stays in the new rotation keeps their pause (their vacation did not end with the reorder), weight and cap.
      const kept = await tx.roundRobinParticipant.findMany({ where: { roundRobinId: poolId }, select: { userId: true, isActive: true, weight: true, dailyCap: true } });
      const keptBy = new Map(kept.map((p) => [p.userId, p]));
      await tx.roundRobinParticipant.deleteMany({ where: { roundRobinId: poolId } });
      await tx.roundRobinParticipant.createMany({
        data: participantRows(organizationId, poolId, request.participantIds).map((row) => {
          const before = keptBy.get(row.userId);
          return { ...row, isActive: before?.isActive ?? true, weight: before?.weight ?? 1, dailyCap: before?.dailyCap ?? null };
        }),
      });
      data.nextParticipantOrder = 1;
    }
    // A new rotation or new weights start the weighted rotation afresh (running weights at zero, the pointer on the first).
    if (await applyParticipantSettings(tx, poolId, request.participantSettings, request.participantIds === undefined)) data.nextParticipantOrder = 1;
    if (request.connections) {
      await tx.roundRobinConnection.deleteMany({ where: { roundRobinId: poolId } });
      if (request.connections.length > 0) {
        await tx.roundRobinConnection.createMany({ data: connectionRows(organizationId, poolId, request.connections) });
      }
    }
    // updatedAt moves even when only the participants or the connections changed.
    await tx.roundRobinPool.update({ where: { id: poolId }, data: { ...data, updatedAt: new Date() } });
  });
}

/** Deletes a pool with its participants, connections and history (ON DELETE CASCADE). Leads keep their owner. */
export async function deletePool({ db, principal }: DomainContext, poolId: string) {
  if (!isUuid(poolId)) throw poolNotFound();
  return runInTransaction(db, async (tx) => {
    const { count } = await tx.roundRobinPool.deleteMany({ where: { id: poolId, organizationId: principal.organizationId } });
    if (count === 0) throw poolNotFound();
    return { deleted: true as const, id: poolId };
  });
}

/** Pauses or resumes one participant (vacation): a paused participant is skipped by the rotation. */
export async function setParticipantActive({ db, principal }: DomainContext, poolId: string, userId: string, isActive: boolean) {
  if (!isUuid(poolId)) throw poolNotFound();
  if (!isUuid(userId)) throw new ApiError("NOT_FOUND", "roundRobin.participantNotFound");
  return runInTransaction(db, async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "RoundRobinPool" WHERE "id" = ${poolId}::uuid AND "organizationId" = ${principal.organizationId}::uuid FOR NO KEY UPDATE`;
    if (locked.length === 0) throw poolNotFound();
    const { count } = await tx.roundRobinParticipant.updateMany({ where: { roundRobinId: poolId, userId }, data: { isActive } });
    if (count === 0) throw new ApiError("NOT_FOUND", "roundRobin.participantNotFound");
    return { success: true as const };
  });
}
