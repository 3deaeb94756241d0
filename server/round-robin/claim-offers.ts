import type { Db, DbTx } from "../db/client";
import { notifyClaimOffered, settleClaimOffered } from "../notifications/claim-offered";
import { isEligible } from "./pick-participant";
import { rotationCandidates } from "./participant-availability";

/**
 * First-to-claim offers: one row per participant a new lead was offered to,
 * open until someone claims the lead (`claimed` for the winner, `taken` for
 * the others) or its window runs out (`expired`; the rotation assigns it).
 * This table is the seam for whatever announces offers (an in-app
 * notification, a push): read `offersFor(lead)` or `openOffersOf(user)`.
 */
export interface ClaimOffer {
  leadId: string;
  roundRobinId: string;
  userId: string;
  offeredAt: Date;
  expiresAt: Date;
  closedAt: Date | null;
  outcome: "claimed" | "taken" | "expired" | null;
}

/** An offer decided while routing, written once the lead exists. */
export interface PendingOffer {
  poolId: string;
  userIds: string[];
  offeredAt: Date;
  expiresAt: Date;
}

/** Who a first-to-claim pool offers a lead to at `at`: every eligible participant (the rotation's skips apply), and until when. */
export async function offerFor(tx: DbTx, poolId: string, at: Date): Promise<PendingOffer | null> {
  const pool = await tx.roundRobinPool.findUnique({ where: { id: poolId }, select: { claimWindowMinutes: true, isActive: true } });
  if (!pool?.isActive) return null;
  const userIds = (await rotationCandidates(tx, poolId, at)).filter(isEligible).map((c) => c.userId);
  if (userIds.length === 0) return null;
  return { poolId, userIds, offeredAt: at, expiresAt: new Date(at.getTime() + pool.claimWindowMinutes * 60_000) };
}

/**
 * Writes the offers of a lead just created (same transaction as the lead) and
 * tells each offered participant who can see the lead (`claim_offered`), so a
 * notice exists exactly when its offer does.
 */
export async function recordOffers(
  tx: DbTx,
  organizationId: string,
  lead: { id: string; firstName: string | null; lastName: string | null; email: string | null; phone: string | null },
  offer: PendingOffer,
): Promise<void> {
  await tx.leadClaimOffer.createMany({
    data: offer.userIds.map((userId) => ({ organizationId, roundRobinId: offer.poolId, leadId: lead.id, userId, offeredAt: offer.offeredAt, expiresAt: offer.expiresAt })),
    skipDuplicates: true,
  });
  await notifyClaimOffered(tx, organizationId, { offerId: `${lead.id}:${offer.offeredAt.toISOString()}`, userIds: offer.userIds, lead });
}

/** Closes a lead's open offers: `claimed` for the claimer, `taken` for the others; `expired` when nobody claimed. */
export async function closeOffers(tx: DbTx, leadId: string, at: Date, claimerId: string | null): Promise<void> {
  if (claimerId !== null) {
    await tx.leadClaimOffer.updateMany({ where: { leadId, closedAt: null, userId: claimerId }, data: { closedAt: at, outcome: "claimed" } });
  }
  await tx.leadClaimOffer.updateMany({ where: { leadId, closedAt: null }, data: { closedAt: at, outcome: claimerId === null ? "expired" : "taken" } });
  // The lead is no longer claimable: its offer notices stop counting in anyone's bell.
  await settleClaimOffered(tx, leadId, at);
}

/** Every offer of one lead, oldest first. */
export async function offersFor(db: Db | DbTx, lead: { id: string; organizationId: string }): Promise<ClaimOffer[]> {
  const rows = await db.leadClaimOffer.findMany({
    where: { leadId: lead.id, organizationId: lead.organizationId },
    orderBy: [{ offeredAt: "asc" }, { userId: "asc" }],
  });
  return rows.map((row) => ({ ...row, outcome: row.outcome as ClaimOffer["outcome"] }));
}

/** One person's open offers in an organization, newest first. */
export async function openOffersOf(db: Db | DbTx, organizationId: string, userId: string, now: Date = new Date()): Promise<ClaimOffer[]> {
  const rows = await db.leadClaimOffer.findMany({
    where: { organizationId, userId, closedAt: null, expiresAt: { gt: now } },
    orderBy: { offeredAt: "desc" },
  });
  return rows.map((row) => ({ ...row, outcome: null }));
}
