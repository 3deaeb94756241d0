import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import type { ListResult } from "../list-result";
import { poolNotFound } from "./pool-errors";
import type { AssignmentSource } from "./round-robin-values";
import { seesEveryLead, visibleLeadsWhere } from "../leads/lead-visibility";

export interface ListAssignmentsRequest {
  limit: number;
  offset: number;
  source?: AssignmentSource;
}

/**
 * A pool's history, newest first, with the lead's name (first and last
 * name, else its email or phone; null when it has none) and the assignee's
 * name and email (null once their account is gone). A member who sees only their own leads sees
 * the assignments of those leads (and their count).
 */
export async function listAssignments({ db, principal }: DomainContext, poolId: string, request: ListAssignmentsRequest) {
  if (!isUuid(poolId)) throw poolNotFound();
  const organizationId = principal.organizationId;
  const pool = await db.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { id: true } });
  if (!pool) throw poolNotFound();
  const where = {
    roundRobinId: poolId,
    organizationId,
    ...(request.source ? { source: request.source } : {}),
    ...(seesEveryLead(principal) ? {} : { lead: { is: visibleLeadsWhere(principal) } }),
  };
  const [records, total] = await Promise.all([
    db.roundRobinAssignment.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: request.offset,
      take: request.limit,
      select: {
        id: true,
        leadId: true,
        assignedUserId: true,
        source: true,
        turnOrder: true,
        metadata: true,
        createdAt: true,
        lead: { select: { firstName: true, lastName: true, email: true, phone: true } },
      },
    }),
    db.roundRobinAssignment.count({ where }),
  ]);
  const userIds = [...new Set(records.map((r) => r.assignedUserId))];
  const users = userIds.length > 0 ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }) : [];
  const rows = records.map(({ lead, ...record }) => {
    const user = users.find((u) => u.id === record.assignedUserId);
    const leadName = [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || lead.phone || null;
    return { ...record, leadName, userName: user?.name ?? null, userEmail: user?.email ?? null };
  });
  return { rows, total } satisfies ListResult<unknown>;
}
