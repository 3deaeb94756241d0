import { runInTransaction } from "../db/run-in-transaction";
import type { DomainContext } from "../domain-context";
import { lockLeadOrThrow } from "../leads/find-lead";
import { toLeadRepresentation } from "../leads/lead-representation";
import { assignByTurn } from "./assign-by-turn";
import { findPoolForLead } from "./find-pool-for-lead";
import { originOf } from "./lead-origin";
import type { AssignmentSource } from "./round-robin-values";
import { takeTurn } from "./take-turn";

export type AssignResult =
  | { assigned: false }
  | { assigned: true; leadId: string; assignedToId: string; roundRobinId: string; turnOrder: number };

/**
 * POST /round-robin/assign: gives an unassigned lead to the next participant
 * of the pool its origin matches (pools with `assignManualLeads` for source
 * `manual`, `assignInboundLeads` otherwise). Lock order: the lead, then the
 * pool. A lead that already has an owner, or that no eligible pool takes,
 * answers `{assigned: false}` and is left untouched. The lead changes through
 * its owner like any assignment (`assignByTurn`): timeline entries by the
 * caller, `lead.updated` and `lead.assigned` (autoAssigned true) with the
 * caller's door as their source.
 */
export async function assignLead(ctx: DomainContext, leadId: string, source: AssignmentSource): Promise<AssignResult> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    const before = toLeadRepresentation(await lockLeadOrThrow(tx, principal, leadId, "update"), principal.organization.locale);
    if (before.assignedToId !== null) return { assigned: false as const };
    const flag = source === "manual" ? "assignManualLeads" : "assignInboundLeads";
    const match = await findPoolForLead(tx, organizationId, originOf(before), flag);
    const turn = match ? await takeTurn(tx, organizationId, match.poolId) : null;
    if (!match || !turn) return { assigned: false as const };

    await assignByTurn(tx, principal, leadId, turn, { source, metadata: { ...match.match, requestedSource: source } });
    return { assigned: true as const, leadId, assignedToId: turn.userId, roundRobinId: turn.poolId, turnOrder: turn.turnOrder };
  });
}
