import type { DbTx } from "../db/client";
import { noticeLeadName, notifyUsers } from "./notify-users";

/**
 * A lead opened the personal sheet sent to them: their owner gets a
 * `sheet_viewed` notice ("Ana opened the sheet of unit A-1201"), in the
 * transaction that writes the view on the lead's timeline, so it is given
 * exactly as often as that entry (server/sheets/open-sheet.ts logs one look
 * per link per half hour). An unassigned lead tells nobody. `at` makes the
 * notice once-only per look.
 */
export async function notifySheetViewed(
  tx: DbTx,
  organizationId: string,
  view: { leadId: string; unitName: string | null; at: Date },
): Promise<void> {
  const lead = await tx.lead.findFirst({
    where: { id: view.leadId, organizationId },
    select: { id: true, assignedToId: true, firstName: true, lastName: true, email: true, phone: true },
  });
  if (!lead?.assignedToId) return;
  await notifyUsers(tx, organizationId, {
    userIds: [lead.assignedToId],
    kind: "sheet_viewed",
    leadId: lead.id,
    leadName: noticeLeadName(lead),
    subject: view.unitName,
    dedupeKey: `sheet_viewed:${lead.id}:${view.at.toISOString()}`,
  });
}
