import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { isUuid } from "../ids";
import { assertGenericWebhookAllowed, connectionRouting, connectionRows, routingKey } from "./connection-rules";
import { connectionNotFound, poolNotFound } from "./pool-errors";
import { connectionSelect } from "./pool-representation";
import type { ConnectionRequest } from "./pool-requests";

/** Adds one connection to a pool: 409 CONFLICT for a field-for-field duplicate on that pool or a second generic webhook. */
export async function addConnection({ db, principal }: DomainContext, poolId: string, request: ConnectionRequest) {
  const organizationId = principal.organizationId;
  if (!isUuid(poolId)) throw poolNotFound();
  return runInTransaction(db, async (tx) => {
    const exists = await tx.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { id: true } });
    if (!exists) throw poolNotFound();
    const routing = connectionRouting(request);
    // Organization row first, then the pool: the order lead creation takes them in.
    await assertGenericWebhookAllowed(tx, organizationId, [routing], poolId);
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "RoundRobinPool" WHERE "id" = ${poolId}::uuid AND "organizationId" = ${organizationId}::uuid FOR NO KEY UPDATE`;
    if (locked.length === 0) throw poolNotFound();
    const existing = await tx.roundRobinConnection.findMany({ where: { roundRobinId: poolId }, select: connectionSelect });
    const twin = existing.find((c) => routingKey(c) === routingKey(routing));
    if (twin) throw new ApiError("CONFLICT", "roundRobin.connectionExists", { id: twin.id });
    const [row] = connectionRows(organizationId, poolId, [request]);
    await tx.roundRobinPool.update({ where: { id: poolId }, data: { updatedAt: new Date() } });
    return tx.roundRobinConnection.create({ data: row!, select: connectionSelect });
  });
}

/** Removes one connection; 404 when it is not on that pool (or the pool is another organization's). */
export async function deleteConnection({ db, principal }: DomainContext, poolId: string, connectionId: string) {
  if (!isUuid(poolId)) throw poolNotFound();
  if (!isUuid(connectionId)) throw connectionNotFound();
  return runInTransaction(db, async (tx) => {
    const pool = await tx.roundRobinPool.findFirst({ where: { id: poolId, organizationId: principal.organizationId }, select: { id: true } });
    if (!pool) throw poolNotFound();
    const { count } = await tx.roundRobinConnection.deleteMany({
      where: { id: connectionId, roundRobinId: poolId, organizationId: principal.organizationId },
    });
    if (count === 0) throw connectionNotFound();
    return { deleted: true as const, id: connectionId };
  });
}
