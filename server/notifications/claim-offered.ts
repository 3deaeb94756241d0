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
