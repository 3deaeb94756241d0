import { Prisma } from "../db/generated/client";
import type { Db, DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { Principal } from "../auth/principal";
import { visibleLeadsSql } from "../leads/lead-visibility";
import type { SequenceCriteria } from "./sequence-values";
import { SEQUENCE_LIMITS } from "./sequence-values";
import { currentTraceparent } from "../observability/spans";

/**
 * The audience of a sequence: the leads the caller sees (the organization's,
 * for the owners and admins who launch; a member previewing counts only
 * theirs) matching every criterion that can be called (a phone, not marked
 * do-not-call). Written as SQL so launch enrols it in one INSERT … SELECT.
 */
export function eligibleLeadsWhere(principal: Principal, criteria: SequenceCriteria): Prisma.Sql {
  const parts: Prisma.Sql[] = [
    visibleLeadsSql(principal),
    Prisma.sql`l."phone" IS NOT NULL AND btrim(l."phone") <> ''`,
    Prisma.sql`NOT l."doNotCall"`,
  ];
  if (criteria.statuses?.length) parts.push(Prisma.sql`l."status"::text IN (${Prisma.join(criteria.statuses)})`);
  if (criteria.sources?.length) parts.push(Prisma.sql`l."source"::text IN (${Prisma.join(criteria.sources)})`);
  if (criteria.stageIds?.length) parts.push(Prisma.sql`l."stageId" IN (${Prisma.join(criteria.stageIds.map((id) => Prisma.sql`${id}::uuid`))})`);
  if (criteria.minScore !== undefined) parts.push(Prisma.sql`l."score" >= ${criteria.minScore}`);
  if (criteria.interestOperations?.length) parts.push(Prisma.sql`l."interest"->>'operation' IN (${Prisma.join(criteria.interestOperations)})`);
  if (criteria.interestProjectIds?.length) {
    parts.push(Prisma.sql`jsonb_exists_any(l."interest"->'projectIds', ${criteria.interestProjectIds}::text[])`);
  }
  if (criteria.interestBudget) parts.push(budgetOverlapSql(criteria.interestBudget));
  return Prisma.join(parts, " AND ");
}

/**
 * The lead's interest budget (`budgetMin`..`budgetMax` in `currency`, an end left out reaching any amount) overlaps
 * the criterion's range; a lead must name the currency and at least one end.
 */
function budgetOverlapSql(budget: NonNullable<SequenceCriteria["interestBudget"]>): Prisma.Sql {
  const parts = [
    Prisma.sql`upper(l."interest"->>'currency') = ${budget.currency}`,
    Prisma.sql`(l."interest"->>'budgetMin' IS NOT NULL OR l."interest"->>'budgetMax' IS NOT NULL)`,
  ];
  if (budget.min !== undefined) parts.push(Prisma.sql`coalesce((l."interest"->>'budgetMax')::numeric >= ${budget.min}, true)`);
  if (budget.max !== undefined) parts.push(Prisma.sql`coalesce((l."interest"->>'budgetMin')::numeric <= ${budget.max}, true)`);
  return Prisma.join(parts, " AND ");
}

/** How many leads are eligible, counted up to `cap` (counting further would not change any answer). */
export async function countAudience(db: Db | DbTx, principal: Principal, criteria: SequenceCriteria, cap?: number): Promise<number> {
  const limit = cap === undefined ? Prisma.empty : Prisma.sql`LIMIT ${cap}`;
  const rows = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM (SELECT 1 FROM "Lead" l WHERE ${eligibleLeadsWhere(principal, criteria)} ${limit}) audience`;
  return rows[0]?.count ?? 0;
}

/** Enrols the audience as pending contacts, oldest lead first, in one statement; returns how many. */
export async function enrolAudience(tx: DbTx, sequenceId: string, principal: Principal, criteria: SequenceCriteria): Promise<number> {
  return tx.$executeRaw`
    INSERT INTO "SequenceContact" ("id", "sequenceId", "organizationId", "leadId", "position", "status", "createdAt", "traceparent")
    SELECT gen_random_uuid(), ${sequenceId}, ${principal.organizationId}::uuid, l."id",
           row_number() OVER (ORDER BY l."createdAt", l."id"), 'pending', now(), ${currentTraceparent()}
    FROM "Lead" l WHERE ${eligibleLeadsWhere(principal, criteria)}`;
}

/** Criteria rule: every stage id names a pipeline stage of the organization (400 VALIDATION_ERROR otherwise). */
export async function checkCriteriaStages(db: Db | DbTx, organizationId: string, criteria: SequenceCriteria): Promise<void> {
  const ids = [...new Set(criteria.stageIds ?? [])];
  if (ids.length === 0) return;
  const found = await db.pipelineStage.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } });
  const unknown = ids.filter((id) => !found.some((stage) => stage.id === id));
  if (unknown.length > 0) throw new ApiError("VALIDATION_ERROR", "sequences.unknownStages", { ids: unknown.join(", ") });
}

export const MAX_AUDIENCE = SEQUENCE_LIMITS.maxAudience;
