import type { DomainContext } from "../domain-context";
import { isUuid } from "../ids";
import { findPoolForLead } from "./find-pool-for-lead";
import { originOf } from "./lead-origin";
import { pickParticipant } from "./pick-participant";
import { poolNotFound } from "./pool-errors";
import { rotationCandidates } from "./participant-availability";

/**
 * Extension (not in the spec): which pool and participant an arriving lead
 * with this body would get, and why, without assigning anything or moving a
 * pointer (no lock taken: a concurrent arrival may take the turn first).
 * Also says who in the named pool would get it if sent there explicitly.
 */
export async function explainRouting(
  { db, principal }: DomainContext,
  poolId: string,
  lead: { source?: string; customFields?: Record<string, unknown> | null; sourceMetadata?: Record<string, unknown> | null },
) {
  const organizationId = principal.organizationId;
  if (!isUuid(poolId)) throw poolNotFound();
  const thisPool = await db.roundRobinPool.findFirst({ where: { id: poolId, organizationId }, select: { id: true } });
  if (!thisPool) throw poolNotFound();
  const origin = originOf({ source: lead.source ?? "other", customFields: lead.customFields ?? null, sourceMetadata: lead.sourceMetadata ?? null });
  const match = await findPoolForLead(db, organizationId, origin, "assignInboundLeads");
  const routed = match ? await nextOf(db, match.poolId) : null;
  const explicit = await nextOf(db, poolId);
  return {
    origin,
    routedTo: match
      ? { roundRobinId: match.poolId, ...match.match, participant: routed?.participant ?? null, skipped: routed?.skipped ?? [] }
      : null,
    thisPool: { roundRobinId: poolId, wouldReceive: match?.poolId === poolId, nextParticipant: explicit?.participant ?? null },
  };
}

async function nextOf(db: DomainContext["db"], poolId: string) {
  const pool = await db.roundRobinPool.findUnique({ where: { id: poolId }, select: { isActive: true, nextParticipantOrder: true } });
  if (!pool?.isActive) return null;
  const pick = pickParticipant(await rotationCandidates(db, poolId), pool.nextParticipantOrder);
  if (!pick) return null;
  const user = await db.user.findUnique({ where: { id: pick.chosen.userId }, select: { name: true } });
  return { participant: { userId: pick.chosen.userId, name: user?.name ?? null, order: pick.chosen.order }, skipped: pick.skipped };
}
