import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { isGenericWebhook, type ConnectionRouting } from "./match-connection";
import type { ConnectionRequest } from "./pool-requests";
import { CONNECTION_MATCH_FIELDS } from "./round-robin-values";

/** A connection request with every routing field present (null when not given): what is stored and compared. */
export function connectionRouting(request: ConnectionRequest): ConnectionRouting {
  const routing = { source: request.source, provider: request.provider ?? null } as ConnectionRouting;
  for (const field of CONNECTION_MATCH_FIELDS) routing[field] = request[field] ?? null;
  return routing;
}

/** Field-for-field identity of two connections (the spec's duplicate rule). */
export function routingKey(routing: ConnectionRouting): string {
  return JSON.stringify([routing.source, routing.provider, ...CONNECTION_MATCH_FIELDS.map((f) => routing[f])]);
}

/** 400 BAD_REQUEST when a list (a pool create or a replacing patch) repeats a connection. */
export function assertNoDuplicateConnections(routings: ConnectionRouting[]): void {
  const seen = new Map<string, number>();
  const repeated: number[] = [];
  routings.forEach((routing, index) => {
    const key = routingKey(routing);
    if (seen.has(key)) repeated.push(index);
    else seen.set(key, index);
  });
  if (repeated.length > 0) throw new ApiError("BAD_REQUEST", "roundRobin.duplicateConnections", { items: repeated.join(", ") });
}

/**
 * The generic `webhook` connection's two rules: the organization's universal
 * lead webhook integration must be on (400 BAD_REQUEST), and no other pool
 * may hold it (409 CONFLICT). Locks the organization row, so two pools
 * claiming it at once are serialised and the second one is refused.
 */
export async function assertGenericWebhookAllowed(
  tx: DbTx,
  organizationId: string,
  routings: ConnectionRouting[],
  poolId: string | null,
): Promise<void> {
  if (!routings.some(isGenericWebhook)) return;
  const rows = await tx.$queryRaw<{ universalLeadWebhookEnabled: boolean }[]>`
    SELECT "universalLeadWebhookEnabled" FROM "Organization" WHERE "id" = ${organizationId}::uuid FOR NO KEY UPDATE`;
  if (!rows[0]?.universalLeadWebhookEnabled) throw new ApiError("BAD_REQUEST", "roundRobin.universalWebhookOff");
  const holders = await tx.roundRobinConnection.findMany({
    where: {
      organizationId,
      source: "webhook",
      provider: null,
      ...Object.fromEntries(CONNECTION_MATCH_FIELDS.map((f) => [f, null])),
      ...(poolId ? { roundRobinId: { not: poolId } } : {}),
    },
    select: { pool: { select: { name: true } } },
    take: 1,
  });
  if (holders[0]) throw new ApiError("CONFLICT", "roundRobin.genericWebhookTaken", { name: holders[0].pool.name });
}

/** The rows to insert for a pool's connections; 1 ms apart, so the list reads back in the order it was sent. */
export function connectionRows(organizationId: string, poolId: string, requests: ConnectionRequest[]) {
  const base = Date.now();
  return requests.map((request, index) => ({
    createdAt: new Date(base + index),
    ...connectionRouting(request),
    organizationId,
    roundRobinId: poolId,
    isActive: request.isActive ?? true,
  }));
}
