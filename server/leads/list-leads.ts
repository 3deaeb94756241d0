import type { Prisma } from "../db/generated/client";
import { pageOf } from "../api/schemas/pagination";
import type { DomainContext } from "./domain-context";
import type { LeadSource, LeadStatus } from "./lead-enums";
import { leadInclude, toLeadRepresentation } from "./lead-representation";
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

export async function listLeads(ctx: DomainContext, request: ListLeadsRequest) {
  const filters: Prisma.LeadWhereInput[] = [{ organizationId: ctx.principal.organizationId }];
  if (request.status) filters.push({ status: request.status });
  if (request.source) filters.push({ source: request.source });
  const text = request.query === undefined ? undefined : leadQueryWhere(request.query);
  if (text) filters.push(text);
  const where: Prisma.LeadWhereInput = { AND: filters };

  const [total, rows] = await Promise.all([
    ctx.db.lead.count({ where }),
    ctx.db.lead.findMany({
      where,
      include: leadInclude,
      orderBy: orderOf(request.sortBy, request.sortOrder),
      skip: request.offset,
      take: request.limit,
    }),
  ]);
  return pageOf(rows.map(toLeadRepresentation), total, request.limit, request.offset);
}
