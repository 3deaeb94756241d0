import type { DbTx } from "../db/client";
import type { PrismaClient } from "../db/generated/client";

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
}

/** The maintained count that equals the number of leads matching `filters`, or undefined when none does. */
export function countedFilterOf(filters: LeadFilterSet): CountedFilter | undefined {
  if (filters.query !== undefined && filters.query.trim() !== "") return undefined;
  if (filters.updatedSince !== undefined) return undefined;
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
