import type { DbTx } from "../db/client";
import { preparedStatement } from "../db/prepared-statements";
import { Prisma } from "../db/generated/client";
import type { LeadOrigin } from "./lead-origin";
import { isGenericWebhook, matchConnection, type ConnectionRouting } from "./match-connection";
import type { AssignmentSource } from "./round-robin-values";

export type PoolFlag = "assignInboundLeads" | "assignManualLeads";

export interface PoolMatch {
  poolId: string;
  /** The pool's distribution (`rotation`, `first_to_claim`, …), read with the pool; absent for a pool named by the caller. */
  distribution?: string;
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
  // One statement: the pools, each with its connections (oldest first) and the organization's generic-webhook switch.
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  const rows = await tx.$queryRaw<PoolRow[]>(preparedStatement(Prisma.sql`
    SELECT p."id"::text AS "id", p."distribution", o."universalLeadWebhookEnabled" AS "universal",
      coalesce(json_agg(json_build_object(
        'id', c."id", 'isActive', c."isActive", 'source', c."source", 'provider', c."provider", 'sourceKey', c."sourceKey",
        'adplatformPageId', c."adplatformPageId", 'adplatformFormId', c."adplatformFormId", 'adplatformAdId', c."adplatformAdId",
        'adplatformCampaignId', c."adplatformCampaignId", 'utmCampaign', c."utmCampaign", 'workflowId', c."workflowId", 'createdAt', c."createdAt"
      ) ORDER BY c."createdAt", c."id") FILTER (WHERE c."id" IS NOT NULL), '[]') AS "connections"
    FROM "RoundRobinPool" p JOIN "Organization" o ON o."id" = p."organizationId"
    LEFT JOIN "RoundRobinConnection" c ON c."roundRobinId" = p."id"
    WHERE p."organizationId" = ${organizationId}::uuid AND p."isActive" AND p.${Prisma.raw(`"${flag}"`)}
    GROUP BY p."id", o."universalLeadWebhookEnabled"
    ORDER BY p."createdAt", p."id"`));
  const pools = rows.map((row) => ({
    ...row,
    connections: row.connections.map((connection) => ({ ...connection, createdAt: new Date(connection.createdAt) })),
  }));
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
  const distributionOf = (poolId: string) => pools.find((pool) => pool.id === poolId)!.distribution;
  if (best) return { poolId: best.poolId, distribution: distributionOf(best.poolId), match: best.match };
  if (generic && pools[0]!.universal) return { ...generic, distribution: distributionOf(generic.poolId) };
  const catchAll = pools.find((pool) => pool.connections.length === 0);
  return catchAll ? { poolId: catchAll.id, distribution: catchAll.distribution, match: { reason: "catch_all" } } : null;
}

/** A pool as `findPoolForLead` reads it; the connections come as JSON (their `createdAt` a string). */
interface PoolRow {
  id: string;
  distribution: string;
  universal: boolean;
  connections: (Omit<ConnectionRouting, "createdAt"> & { id: string; isActive: boolean; createdAt: string })[];
}

/** The history's `source` of an assignment made while a lead arrived. */
export function arrivalAssignmentSource(leadSource: string, match: PoolMatch["match"] | null): AssignmentSource {
  if (leadSource === "adplatform") return "adplatform";
  if (leadSource === "messaging_app") return "messaging_app";
  if (match && (match.connectionSource === "webhook")) return "webhook";
  return "system";
}
