import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { eventSourceOf, recordEvents } from "../events/record-events";
import { SYSTEM_ACTOR } from "../leads/activities/activity-actor";
import { recordActivities } from "../leads/activities/record-activities";
import { lockLeadOrThrow, findLeadOrThrow } from "../leads/find-lead";
import { toLeadRepresentation } from "../leads/lead-representation";
import { queueAssignmentMail } from "./assignment-mail";
import { findPoolForLead } from "./find-pool-for-lead";
import { originOf } from "./lead-origin";
import type { AssignmentSource } from "./round-robin-values";
import { recordAssignment, takeTurn } from "./take-turn";

export type AssignResult =
  | { assigned: false }
  | { assigned: true; leadId: string; assignedToId: string; roundRobinId: string; turnOrder: number };

/**
 * POST /round-robin/assign: gives an unassigned lead to the next participant
 * of the pool its origin matches (pools with `assignManualLeads` for source
 * `manual`, `assignInboundLeads` otherwise). Lock order: the lead, then the
 * pool. A lead that already has an owner, or that no eligible pool takes,
 * answers `{assigned: false}` and is left untouched. The assignment is the
 * system's (timeline actor `System`); its `lead.assigned` (autoAssigned true)
 * carries the caller's door as its source.
 */
export async function assignLead(ctx: DomainContext, leadId: string, source: AssignmentSource): Promise<AssignResult> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    const before = toLeadRepresentation(await lockLeadOrThrow(tx, organizationId, leadId, "update"));
    if (before.assignedToId !== null) return { assigned: false as const };
    const flag = source === "manual" ? "assignManualLeads" : "assignInboundLeads";
    const match = await findPoolForLead(tx, organizationId, originOf(before), flag);
    const turn = match ? await takeTurn(tx, organizationId, match.poolId) : null;
    if (!match || !turn) return { assigned: false as const };

    await tx.lead.update({ where: { id: leadId }, data: { assignedToId: turn.userId, roundRobinId: turn.poolId } });
    const lead = toLeadRepresentation(await findLeadOrThrow(tx, organizationId, leadId));
    await recordAssignment(tx, organizationId, turn, leadId, source, { ...match.match, requestedSource: source });
    await recordActivities(tx, { organizationId, leadId, actor: SYSTEM_ACTOR }, [
      {
        type: "assigned",
        activityScope: "system",
        content: `Assigned to ${lead.assignedTo?.name ?? turn.userId} by round robin`,
        changes: { assignedToId: { from: null, to: turn.userId } },
      },
    ]);
    await recordEvents(tx, eventSourceOf(principal), [
      { type: "lead.assigned", data: { lead, autoAssigned: true, previousAssignedToId: null } },
    ]);
    if (turn.emailNotificationsEnabled) await queueAssignmentMail(tx, organizationId, { poolId: turn.poolId, userId: turn.userId, lead });
    return { assigned: true as const, leadId, assignedToId: turn.userId, roundRobinId: turn.poolId, turnOrder: turn.turnOrder };
  });
}
