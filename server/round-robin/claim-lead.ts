import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { runInTransaction } from "../db/run-in-transaction";
import { changeLead } from "../leads/change-lead";
import { lockLeadOrThrow } from "../leads/find-lead";
import { toLeadRepresentation, type LeadRepresentation } from "../leads/lead-representation";
import { closeOffers } from "./claim-offers";

/**
 * `POST /leads/{leadId}/claim`: the caller takes a lead offered to them by a
 * first-to-claim pool, or waiting in the pond of a pool they take part in
 * (not paused). The lead's row lock decides the race: the first claim
 * assigns it (through the lead's owner, `changeLead`: the `assigned`
 * timeline entry and `lead.assigned`), closes its offers and writes the
 * pool's history (source `manual`, `metadata.reason` `claim`; the claim
 * counts towards the daily cap but moves no rotation pointer); every later
 * claim finds it held, 409 CONFLICT. The winner claiming again gets the lead
 * again (200, nothing written). Lead visibility applies: a lead the caller
 * cannot see is 404, for an API key too (which may claim nothing: 403).
 */
export async function claimLead(ctx: DomainContext, leadId: string): Promise<LeadRepresentation> {
  const { principal } = ctx;
  const userId = principal.userId;
  return runInTransaction(ctx.db, async (tx) => {
    // The lead first: another organization's (or an unseen) lead is 404 for every caller, an API key included.
    const lead = await lockLeadOrThrow(tx, principal, leadId, "update");
    // An API key has no person to give the lead to.
    if (!userId) throw new ApiError("FORBIDDEN", "roundRobin.notOfferedToYou");
    if (lead.assignedToId === userId) return toLeadRepresentation(lead, principal.organization.locale);
    if (lead.assignedToId !== null) throw new ApiError("CONFLICT", "roundRobin.leadAlreadyClaimed");
    const now = new Date();
    const poolId = lead.roundRobinId;
    const [offer, participant] = await Promise.all([
      tx.leadClaimOffer.findFirst({ where: { leadId, userId, closedAt: null, expiresAt: { gt: now } }, select: { roundRobinId: true } }),
      poolId ? tx.roundRobinParticipant.findFirst({ where: { roundRobinId: poolId, userId, isActive: true }, select: { order: true } }) : null,
    ]);
    if (!poolId || (!offer && !participant)) throw new ApiError("FORBIDDEN", "roundRobin.notOfferedToYou");
    const claimed = await changeLead(tx, principal, leadId, { assignedToId: userId }, { autoAssigned: false, at: now });
    await closeOffers(tx, leadId, now, userId);
    await tx.roundRobinAssignment.create({
      data: {
        organizationId: principal.organizationId,
        roundRobinId: poolId,
        leadId,
        assignedUserId: userId,
        source: "manual",
        turnOrder: participant?.order ?? 0,
        createdAt: now,
        metadata: JSON.stringify({ reason: "claim", offered: offer !== null }),
      },
    });
    return claimed;
  });
}
