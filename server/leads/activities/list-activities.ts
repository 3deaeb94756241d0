import type { Prisma } from "../../db/generated/client";
import type { DomainContext } from "../../domain-context";
import type { ListResult } from "../../list-result";
import { findLeadOrThrow } from "../find-lead";
import type { LeadActivityScope, LeadActivityType } from "../lead-enums";
import { activityInclude, toActivityRepresentation, type ActivityRepresentation } from "./activity-representation";

export interface ListActivitiesRequest {
  leadId: string;
  limit: number;
  offset: number;
  /** `all` lists both scopes. */
  activityScope: LeadActivityScope | "all";
  type?: LeadActivityType;
}

/** A lead's timeline, newest first; 404 when the lead is not this organization's. */
export async function listLeadActivities(
  ctx: DomainContext,
  request: ListActivitiesRequest,
): Promise<ListResult<ActivityRepresentation>> {
  const organizationId = ctx.principal.organizationId;
  await findLeadOrThrow(ctx.db, ctx.principal, request.leadId);
  const where: Prisma.LeadActivityWhereInput = {
    leadId: request.leadId,
    organizationId,
    ...(request.activityScope === "all" ? {} : { activityScope: request.activityScope }),
    ...(request.type === undefined ? {} : { type: request.type }),
  };
  const [total, rows] = await Promise.all([
    ctx.db.leadActivity.count({ where }),
    ctx.db.leadActivity.findMany({
      where,
      include: activityInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: request.offset,
      take: request.limit,
    }),
  ]);
  return { rows: rows.map((row) => toActivityRepresentation(row, ctx.principal.organization.locale)), total };
}
