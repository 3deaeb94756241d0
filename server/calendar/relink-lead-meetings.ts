import type { DbTx } from "../db/client";
import { movesOf, type RecordMoves } from "../leads/merge/record-moves";

/**
 * A merge moves the calendar meetings linked to the merged-away leads to the survivor
 * (server/leads/merge/), and its undo moves exactly those links back (meetings booked on the survivor since stay).
 */
export async function moveLeadMeetings(tx: DbTx, organizationId: string, fromLeadIds: string[], toLeadId: string): Promise<RecordMoves> {
  const rows = await tx.calendarEventLink.findMany({ where: { organizationId, leadId: { in: fromLeadIds } }, select: { id: true, leadId: true } });
  if (rows.length > 0) await tx.calendarEventLink.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { leadId: toLeadId } });
  return movesOf(rows);
}

export async function moveLeadMeetingsBack(tx: DbTx, organizationId: string, moves: RecordMoves, fromLeadId: string): Promise<void> {
  for (const [leadId, ids] of Object.entries(moves)) {
    await tx.calendarEventLink.updateMany({ where: { organizationId, id: { in: ids }, leadId: fromLeadId }, data: { leadId } });
  }
}
