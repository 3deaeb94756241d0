import type { DbTx } from "../db/client";
import { noticeLeadName, notifyUsers } from "./notify-users";

/**
 * For first-to-claim (server/round-robin): call in the transaction that opens
 * a lead to claiming, with the people it is offered to. Each who can see the
 * lead gets a `claim_offered` notice (bell, live stream, Web Push) linking to
 * the lead, once per offer (`offerId`, e.g. the offer row's id or the lead id
 * and the offer's round, keeps a retried offer from notifying twice).
 * Answers who was told.
 */
export function notifyClaimOffered(
  tx: DbTx,
  organizationId: string,
  offer: {
    offerId: string;
    userIds: readonly string[];
    lead: { id: string; firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
  },
): Promise<string[]> {
  return notifyUsers(tx, organizationId, {
    userIds: offer.userIds,
    kind: "claim_offered",
    leadId: offer.lead.id,
    leadName: noticeLeadName(offer.lead),
    dedupeKey: `claim_offered:${offer.offerId}`,
  });
}

/**
 * A lead stopped being claimable (someone claimed it, or its window ran out
 * and the rotation took it): every unread `claim_offered` notice about it is
 * marked read at `at`. The notices stay in the centre as history, but no
 * bell keeps counting an offer that can no longer be taken.
 */
export async function settleClaimOffered(tx: DbTx, leadId: string, at: Date): Promise<void> {
  await tx.notification.updateMany({ where: { leadId, kind: "claim_offered", readAt: null }, data: { readAt: at } });
}
