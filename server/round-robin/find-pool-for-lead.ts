import type { DbTx } from "../db/client";
import type { LeadOrigin } from "./lead-origin";
import { isGenericWebhook, matchConnection } from "./match-connection";
import type { AssignmentSource } from "./round-robin-values";

export type PoolFlag = "assignInboundLeads" | "assignManualLeads";

export interface PoolMatch {
  poolId: string;
  /** How the lead reached the pool: recorded in the assignment's `metadata`. */
  match: {
    reason: "connection" | "generic_webhook" | "catch_all" | "explicit_pool" | "assign";
    connectionId?: string;
    connectionSource?: string;
    matchedFields?: string[];
    specificity?: number;
  };
}

/**
 * Chooses the pool an arriving lead goes to (docs/decisions.md, "Round robin
 * routing"), among active pools with the given flag on: the most specific
 * matching connection wins (ties: the older connection); then the generic
 * `webhook` connection while the universal lead webhook integration is on;
 * then the oldest such pool without connections (the catch-all). Null: the
 * lead stays unassigned.
 */
export async function findPoolForLead(tx: DbTx, organizationId: string, origin: LeadOrigin, flag: PoolFlag): Promise<PoolMatch | null> {
  const pools = await tx.roundRobinPool.findMany({
    where: { organizationId, isActive: true, [flag]: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      connections: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (pools.length === 0) return null;

  let best: (PoolMatch & { specificity: number; at: number }) | null = null;
  let generic: PoolMatch | null = null;
  for (const pool of pools) {
    for (const connection of pool.connections) {
      if (!connection.isActive) continue;
      if (isGenericWebhook(connection)) {
        generic ??= { poolId: pool.id, match: { reason: "generic_webhook", connectionId: connection.id, connectionSource: "webhook" } };
        continue;
      }
      const matched = matchConnection(connection, origin);
      if (!matched) continue;
      const at = connection.createdAt.getTime();
      if (!best || matched.specificity > best.specificity || (matched.specificity === best.specificity && at < best.at)) {
        best = {
          poolId: pool.id,
          specificity: matched.specificity,
          at,
          match: {
            reason: "connection",
            connectionId: connection.id,
            connectionSource: connection.source,
            matchedFields: matched.fields,
            specificity: matched.specificity,
          },
        };
      }
    }
  }
  if (best) return { poolId: best.poolId, match: best.match };
  if (generic) {
    const organization = await tx.organization.findUnique({ where: { id: organizationId }, select: { universalLeadWebhookEnabled: true } });
    if (organization?.universalLeadWebhookEnabled) return generic;
  }
  const catchAll = pools.find((pool) => pool.connections.length === 0);
  return catchAll ? { poolId: catchAll.id, match: { reason: "catch_all" } } : null;
}

/** The history's `source` of an assignment made while a lead arrived. */
export function arrivalAssignmentSource(leadSource: string, match: PoolMatch["match"] | null): AssignmentSource {
  if (leadSource === "adplatform") return "adplatform";
  if (leadSource === "messaging_app") return "messaging_app";
  if (match && (match.connectionSource === "webhook")) return "webhook";
  return "system";
}
