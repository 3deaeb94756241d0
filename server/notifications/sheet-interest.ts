import type { DbTx } from "../db/client";
import { noticeLeadName, notifyUsers } from "./notify-users";

/**
 * Someone pressed "I'm interested" on a sheet: a `sheet_interest` notice, in
 * the transaction that logs the inbound communication. The lead's owner is
 * told; a lead nobody owns (no pool routed it, or a first-to-claim pool is
 * still offering it) tells the organization's owners, so a buyer who asked is
 * never heard by no one.
 */
export async function notifySheetInterest(
  tx: DbTx,
  organizationId: string,
  press: { leadId: string; unitName: string | null; at: Date },
): Promise<void> {
  const lead = await tx.lead.findFirst({
    where: { id: press.leadId, organizationId },
    select: { id: true, assignedToId: true, firstName: true, lastName: true, email: true, phone: true },
  });
  if (!lead) return;
  const userIds = lead.assignedToId
    ? [lead.assignedToId]
    : (await tx.membership.findMany({ where: { organizationId, role: "owner" }, select: { userId: true } })).map((row) => row.userId);
  await notifyUsers(tx, organizationId, {
    userIds,
    kind: "sheet_interest",
    leadId: lead.id,
    leadName: noticeLeadName(lead),
    subject: press.unitName,
    dedupeKey: `sheet_interest:${lead.id}:${press.at.toISOString()}`,
  });
}
