import type { DomainContext } from "../domain-context";
import { leadNotFound } from "../leads/find-lead";
import { visibleLeadsSql } from "../leads/lead-visibility";
import { Prisma } from "../db/generated/client";
import { matchReasonsSql, matchScoreSql, unitFitsInterestSql, unitOffersSql, type MatchReason } from "./match-rules";
import type { Matches } from "./unit-matches";

export interface UnitMatch {
  unit: {
    id: string;
    projectId: string;
    projectName: string;
    name: string;
    price: number;
    currency: string;
    type: string | null;
    area: number | null;
    status: "available";
  };
  score: number;
  reasons: MatchReason[];
}

/**
 * `GET /leads/{leadId}/matches`: the available units of the organization
 * that fit the interest of a lead the caller sees, best first
 * (match-rules.ts); none when the lead has no interest.
 */
export async function listLeadMatches(ctx: DomainContext, leadId: string, limit: number): Promise<Matches<UnitMatch>> {
  const { db, principal } = ctx;
  const visible = await db.$queryRaw<{ id: string }[]>`SELECT l."id" FROM "Lead" l WHERE l."id" = ${leadId} AND ${visibleLeadsSql(principal)}`;
  if (visible.length === 0) throw leadNotFound();
  const rows = await db.$queryRaw<(Omit<UnitMatch["unit"], "price"> & { price: bigint; score: number; reasons: MatchReason[]; total: number })[]>`
    SELECT u."id", u."projectId", p."name" AS "projectName", u."name", u."price", p."currency", u."type", u."area",
           u."status"::text AS "status", ${matchScoreSql} AS "score", ${matchReasonsSql} AS "reasons", count(*) OVER ()::int AS "total"
    FROM "LeadInterest" li
    JOIN ${unitOffersSql(Prisma.sql`u."organizationId" = ${principal.organizationId}::uuid`)} o ON o."organizationId" = li."organizationId"
    JOIN "Unit" u ON u."id" = o."unitId"
    JOIN "Project" p ON p."id" = u."projectId"
    WHERE li."leadId" = ${leadId} AND li."organizationId" = ${principal.organizationId}::uuid AND ${unitFitsInterestSql}
    ORDER BY "score" DESC, u."price", u."id"
    LIMIT ${limit}`;
  return {
    data: rows.map(({ score, reasons, total: _total, price, ...unit }) => ({ unit: { ...unit, price: Number(price) }, score, reasons })),
    total: rows[0]?.total ?? 0,
  };
}
