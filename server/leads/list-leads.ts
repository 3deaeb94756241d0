import type { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import type { ListResult } from "../list-result";
import type { LeadSource, LeadStatus } from "./lead-enums";
import { countedFilterOf, maintainedLeadCount } from "./lead-counts";
import { leadInclude, toLeadRepresentation, type LeadRepresentation } from "./lead-representation";
import { leadQueryWhere } from "./lead-text-match";

export const LEAD_SORT_FIELDS = ["createdAt", "firstName", "email", "company", "status", "source", "estimatedValue"] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];

export interface ListLeadsRequest {
  limit: number;
  offset: number;
  sortBy: LeadSortField;
  sortOrder: "asc" | "desc";
  query?: string;
  status?: LeadStatus;
  source?: LeadSource;
  stageId?: string;
  /** A user id, or "none" for unassigned leads. */
  assignedToId?: string;
}

/**
 * The sort, then the id in the same direction as a tie-break, so pages are
 * stable and the default order (createdAt, id) reads straight off the
 * (organizationId, createdAt DESC, id DESC) index in either direction. Empty
 * values of optional fields sort last whichever the direction.
 */
function orderOf(sortBy: LeadSortField, sortOrder: "asc" | "desc"): Prisma.LeadOrderByWithRelationInput[] {
  const nullable = sortBy === "firstName" || sortBy === "email" || sortBy === "company" || sortBy === "estimatedValue";
  const primary: Prisma.LeadOrderByWithRelationInput = nullable
    ? { [sortBy]: { sort: sortOrder, nulls: "last" } }
    : { [sortBy]: sortOrder };
  return [primary, { id: sortOrder }];
}

export async function listLeads(ctx: DomainContext, request: ListLeadsRequest): Promise<ListResult<LeadRepresentation>> {
  const filters: Prisma.LeadWhereInput[] = [{ organizationId: ctx.principal.organizationId }];
  if (request.status) filters.push({ status: request.status });
  if (request.source) filters.push({ source: request.source });
  if (request.stageId) filters.push({ stageId: request.stageId });
  if (request.assignedToId) filters.push({ assignedToId: request.assignedToId === "none" ? null : request.assignedToId });
  const text = request.query === undefined ? undefined : await leadQueryWhere(ctx.db, request.query);
  if (text) filters.push(text);
  const where: Prisma.LeadWhereInput = { AND: filters };

  const orderBy = orderOf(request.sortBy, request.sortOrder);
  // No filter or a single one of status, source, stage, assignee: the maintained count, O(1); otherwise count.
  const counted = countedFilterOf(request);
  const [total, rows] = await Promise.all([
    counted ? maintainedLeadCount(ctx.db, ctx.principal.organizationId, counted) : ctx.db.lead.count({ where }),
    request.offset < DEFERRED_JOIN_OFFSET
      ? ctx.db.lead.findMany({ where, include: leadInclude, orderBy, skip: request.offset, take: request.limit })
      : deepPage(ctx, where, orderBy, request),
  ]);
  return { rows: rows.map(toLeadRepresentation), total };
}

/**
 * From this offset on, a page is found by id first: skipping tens of
 * thousands of rows is cheap over the (organizationId, createdAt, id) index
 * alone (an index-only scan) and expensive when every skipped row is read
 * whole; only the page's rows are then read in full.
 */
const DEFERRED_JOIN_OFFSET = 1_000;

async function deepPage(
  ctx: DomainContext,
  where: Prisma.LeadWhereInput,
  orderBy: Prisma.LeadOrderByWithRelationInput[],
  request: ListLeadsRequest,
) {
  const page = await ctx.db.lead.findMany({ where, select: { id: true }, orderBy, skip: request.offset, take: request.limit });
  const ids = page.map((row) => row.id);
  const rows = await ctx.db.lead.findMany({
    where: { id: { in: ids }, organizationId: ctx.principal.organizationId },
    include: leadInclude,
  });
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}
