import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import { Prisma, type PrismaClient } from "../db/generated/client";
import { visibleLeadsParts } from "./lead-visibility";

/** What "LeadCount" keeps a count of, per organization (see the lead_counts migration). */
export type CountedDimension = "all" | "status" | "source" | "stage" | "assignee";

export interface CountedFilter {
  dimension: CountedDimension;
  /** "" for all; the status, source, stage id or user id; "none" for leads without an assignee. */
  value: string;
}

/** The filters of GET /leads that a maintained count answers: none, or exactly one of status, source, stage, assignee. */
export interface LeadFilterSet {
  query?: string;
  /** Polling's time bound: no maintained count knows it. */
  updatedSince?: string;
  status?: string;
  source?: string;
  stageId?: string;
  assignedToId?: string;
  /** The first-touch state: no maintained count knows it. */
  firstTouch?: string;
  /** A project funnel's stage: no maintained count knows it. */
  projectFunnel?: object;
  /** The pool that routed the lead, the linked project, the claimable leads: no maintained count knows them. */
  roundRobinId?: string;
  projectId?: string;
  claimableBy?: string;
}

/** The maintained count that equals the number of leads matching `filters`, or undefined when none does. */
export function countedFilterOf(filters: LeadFilterSet): CountedFilter | undefined {
  if (filters.query !== undefined && filters.query.trim() !== "") return undefined;
  if (filters.updatedSince !== undefined) return undefined;
  if (filters.firstTouch !== undefined) return undefined;
  if (filters.projectFunnel !== undefined) return undefined;
  if (filters.roundRobinId !== undefined || filters.projectId !== undefined || filters.claimableBy !== undefined) return undefined;
  const given: CountedFilter[] = [];
  if (filters.status !== undefined) given.push({ dimension: "status", value: filters.status });
  if (filters.source !== undefined) given.push({ dimension: "source", value: filters.source });
  if (filters.stageId !== undefined) given.push({ dimension: "stage", value: filters.stageId });
  if (filters.assignedToId !== undefined) given.push({ dimension: "assignee", value: filters.assignedToId });
  if (given.length === 0) return { dimension: "all", value: "" };
  return given.length === 1 ? given[0] : undefined;
}

/**
 * Reads a maintained count: the sum of at most 16 slot rows found by primary
 * key, whatever the number of leads. Exact as of the statement's snapshot,
 * like `count(*)`, because the triggers write in the writers' transactions.
 */
export async function maintainedLeadCount(
  db: Pick<PrismaClient, "$queryRaw"> | DbTx,
  organizationId: string,
  { dimension, value }: CountedFilter,
): Promise<number> {
  const rows = await db.$queryRaw<{ total: bigint | null }[]>`
    SELECT sum("count") AS "total" FROM "LeadCount"
    WHERE "organizationId" = ${organizationId}::uuid AND "dimension" = ${dimension} AND "value" = ${value}`;
  return Number(rows[0]?.total ?? 0);
}

const sumOf = (organizationId: string, dimension: CountedDimension, values: Prisma.Sql) => Prisma.sql`
  SELECT coalesce(sum(c."count"), 0)::bigint FROM "LeadCount" c
  WHERE c."organizationId" = ${organizationId}::uuid AND c."dimension" = ${dimension} AND c."value" = ANY(${values})`;

/**
 * SQL answering one row, `total`: how many leads match `filters` among those
 * `principal` sees, with `filtersSql` the list's filters as a condition on
 * the lead `l` (the caller's visibility is added here).
 * - Every lead visible (owners, admins, keys, the setting `all`): the
 *   maintained count when one answers the filters, O(1) whatever the number
 *   of leads; otherwise a count of `where`.
 * - A member's own leads (`own`), no filter: the maintained assignee counts of
 *   the people whose leads they see (themself, and their team when they lead
 *   one), plus the unassigned leads of their pools' ponds, counted on the
 *   (organizationId, assignedToId, roundRobinId) index — a pond holds only the
 *   leads nobody has taken yet. Filtered on one of those people: that
 *   person's maintained count (all their leads are visible). Otherwise the
 *   sum of one count per part of their visibility (`visibleLeadsParts`),
 *   each an index range of (organizationId, assignedToId, roundRobinId,
 *   status, source, stageId) read without the table for those filters.
 */
export function leadTotalSql(principal: Principal, filters: LeadFilterSet, filtersSql: Prisma.Sql): Prisma.Sql {
  const organizationId = principal.organizationId;
  const counted = countedFilterOf(filters);
  const counts = visibleLeadsParts(principal).map((part) => Prisma.sql`(SELECT count(*) FROM "Lead" l WHERE ${part} AND ${filtersSql})`);
  const counting = Prisma.sql`SELECT ${Prisma.join(counts, " + ")} AS "total"`;
  const visibility = principal.leadVisibility;
  if (visibility.scope === "organization") {
    return counted
      ? Prisma.sql`SELECT (${sumOf(organizationId, counted.dimension, Prisma.sql`ARRAY[${counted.value}]::text[]`)}) AS "total"`
      : counting;
  }
  if (counted?.dimension === "all") {
    return Prisma.sql`SELECT (${sumOf(organizationId, "assignee", Prisma.sql`${visibility.userIds}::text[]`)}) + (
      SELECT count(*) FROM "Lead" p
      WHERE p."organizationId" = ${organizationId}::uuid AND p."assignedToId" IS NULL AND p."roundRobinId" = ANY(${visibility.poolIds}::uuid[])
    ) AS "total"`;
  }
  if (counted?.dimension === "assignee" && visibility.userIds.includes(counted.value)) {
    return Prisma.sql`SELECT (${sumOf(organizationId, "assignee", Prisma.sql`ARRAY[${counted.value}]::text[]`)}) AS "total"`;
  }
  return counting;
}
