import type { DbTx } from "../db/client";
import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { eventSourceOf, recordEvents } from "../events/record-events";
import { isUuid } from "../ids";
import { SYSTEM_ACTOR } from "../leads/activities/activity-actor";
import { recordActivities } from "../leads/activities/record-activities";
import { findLeadOrThrow, lockLeadOrThrow } from "../leads/find-lead";
import { toLeadRepresentation } from "../leads/lead-representation";
import { queueAssignmentMail } from "./assignment-mail";
import { poolNobodyEligible, poolNotFound } from "./pool-errors";
import { recordAssignment, takeTurn } from "./take-turn";

/** The history row's `source` (the contract's closed enum has no "reassignment"); `metadata.reason` says what happened. */
export const REASSIGNMENT_SOURCE = "system" as const;
export const REASSIGNMENT_REASON = "reassignment" as const;

export type PoolReassignResult =
  | { reassigned: false }
  | { reassigned: true; assignedToId: string; roundRobinId: string; turnOrder: number };

/** 404 unless `poolId` names a pool of the caller's organization (checked once before a batch). */
export async function assertPoolOfOrganization(tx: DbTx, organizationId: string, poolId: string): Promise<void> {
  if (!isUuid(poolId)) throw poolNotFound();
  const pool = await tx.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { id: true } });
  if (!pool) throw poolNotFound();
}

/**
 * Hands one lead, still assigned to `fromUserId`, to the next participant of
 * a pool (Settings → Members, when a member leaves). One transaction, lock
 * order lead then pool, like every assignment: the lead is locked first; if
 * someone else took it over meanwhile it is left alone (`reassigned: false`).
 * The pool's flags are not read (the admin chose it), but an inactive pool or
 * one with nobody eligible is 400: the admin asked for a pool and must know
 * the leads did not move. `fromUserId` is left out of the turn so a lead never
 * goes back to the person it is taken from. Recorded like `assignLead`:
 * history (source `system`, `metadata.reason` `reassignment`), a System
 * timeline entry, `lead.assigned` (autoAssigned true, previousAssignedToId the
 * former owner) and the assignee's email when the pool sends them.
 */
export async function reassignThroughPool(
  ctx: DomainContext,
  leadId: string,
  poolId: string,
  fromUserId: string,
): Promise<PoolReassignResult> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    const before = toLeadRepresentation(await lockLeadOrThrow(tx, organizationId, leadId, "update"));
    if (before.assignedToId !== fromUserId) return { reassigned: false as const };
    await assertPoolOfOrganization(tx, organizationId, poolId);
    const turn = await takeTurn(tx, organizationId, poolId, { excludeUserId: fromUserId });
    if (!turn) throw poolNobodyEligible();

    await tx.lead.update({ where: { id: leadId }, data: { assignedToId: turn.userId, roundRobinId: turn.poolId } });
    const lead = toLeadRepresentation(await findLeadOrThrow(tx, organizationId, leadId));
    await recordAssignment(tx, organizationId, turn, leadId, REASSIGNMENT_SOURCE, {
      reason: REASSIGNMENT_REASON,
      previousAssignedToId: fromUserId,
      requestedBy: principal.userId ?? null,
    });
    const from = before.assignedTo?.name ?? fromUserId;
    const to = lead.assignedTo?.name ?? turn.userId;
    await recordActivities(tx, { organizationId, leadId, actor: SYSTEM_ACTOR }, [
      {
        type: "assigned",
        activityScope: "system",
        content: `Reassigned from ${from} to ${to} by round robin`,
        changes: { assignedToId: { from: fromUserId, to: turn.userId } },
      },
    ]);
    await recordEvents(tx, eventSourceOf(principal), [
      { type: "lead.assigned", data: { lead, autoAssigned: true, previousAssignedToId: fromUserId } },
    ]);
    if (turn.emailNotificationsEnabled) await queueAssignmentMail(tx, organizationId, { poolId: turn.poolId, userId: turn.userId, lead });
    return { reassigned: true as const, assignedToId: turn.userId, roundRobinId: turn.poolId, turnOrder: turn.turnOrder };
  });
}
