import { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import { visibleLeadsSql } from "../leads/lead-visibility";
import type { OffersConsent } from "../leads/interest/lead-interest";
import { projectNotFound, unitNotFound } from "../projects/catalog-errors";
import { isProjectId, isUnitId } from "../projects/catalog-ids";
import { matchReasonsSql, matchScoreSql, unitFitsInterestSql, unitOffersSql, type MatchReason } from "./match-rules";

export interface LeadMatch {
  lead: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    status: string;
    assignedToId: string | null;
    offersConsent: OffersConsent | null;
  };
  score: number;
  reasons: MatchReason[];
}

export interface Matches<T> {
  data: T[];
  total: number;
}

/**
 * `GET /projects/{projectId}/units/{unitId}/matches`: the leads the caller
 * sees whose interest the unit fits, best first (match-rules.ts). A reserved
 * or sold unit, or one of an archived project, has no matches.
 */
export async function listUnitMatches(ctx: DomainContext, projectId: string, unitId: string, limit: number): Promise<Matches<LeadMatch>> {
  const { db, principal } = ctx;
  const organizationId = principal.organizationId;
  if (!isProjectId(projectId)) throw projectNotFound();
  if (!isUnitId(unitId)) throw unitNotFound();
  const unit = await db.unit.findFirst({ where: { id: unitId, projectId, organizationId }, select: { id: true } });
  if (!unit) {
    const project = await db.project.count({ where: { id: projectId, organizationId } });
    throw project > 0 ? unitNotFound() : projectNotFound();
  }
  const rows = await db.$queryRaw<(LeadMatch["lead"] & { score: number; reasons: MatchReason[]; total: number })[]>`
    SELECT l."id", l."firstName", l."lastName", l."email", l."phone", l."status"::text AS "status",
           l."assignedToId"::text AS "assignedToId", l."offersConsent",
           ${matchScoreSql} AS "score", ${matchReasonsSql} AS "reasons", count(*) OVER ()::int AS "total"
    FROM ${unitOffersSql(Prisma.sql`u."id" = ${unitId} AND u."organizationId" = ${organizationId}::uuid`)} o
    JOIN "LeadInterest" li ON li."organizationId" = o."organizationId"
    JOIN "Lead" l ON l."id" = li."leadId"
    WHERE ${unitFitsInterestSql} AND ${visibleLeadsSql(principal)}
    ORDER BY "score" DESC, l."lastActivityAt" DESC, l."id"
    LIMIT ${limit}`;
  return {
    data: rows.map(({ score, reasons, total: _total, ...lead }) => ({ lead, score, reasons })),
    total: rows[0]?.total ?? 0,
  };
}

/** The unit pairs of `unitId` as the matching job records them: every fitting lead of the organization (no visibility: the system's view). */
export function unitMatchPairsSql(organizationId: string, unitId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT li."leadId", o."unitId"
    FROM ${unitOffersSql(Prisma.sql`u."id" = ${unitId} AND u."organizationId" = ${organizationId}::uuid`)} o
    JOIN "LeadInterest" li ON li."organizationId" = o."organizationId"
    WHERE ${unitFitsInterestSql}`;
}
