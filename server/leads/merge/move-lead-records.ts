import type { DbTx } from "../../db/client";
import { moveLeadMeetings, moveLeadMeetingsBack } from "../../calendar/relink-lead-meetings";
import { moveLeadMessages, moveLeadMessagesBack } from "../../messaging/relink-lead-messages";
import { moveLeadHeldUnits, moveLeadHeldUnitsBack } from "../../projects/unit-holder-relink";
import { moveLeadAssignments, moveLeadAssignmentsBack } from "../../round-robin/relink-lead-assignments";
import { moveLeadContacts, moveLeadContactsBack } from "../../sequences/relink-lead-contacts";
import { moveLeadSheetLinks, moveLeadSheetLinksBack } from "../../sheets/relink-lead-sheet-links";
import { movesOf, type RecordMoves } from "./record-moves";

/** Every kind of record that belongs to a lead, as a merge moved it. */
export interface MovedRecords {
  /** Timeline entries: notes, communications (calls, e-mails, meetings, WhatsApp messages logged) and system entries. */
  activities: RecordMoves;
  whatsAppMessages: RecordMoves;
  meetings: RecordMoves;
  sequenceContacts: RecordMoves;
  assignments: RecordMoves;
  /** Units the lead reserved or bought; absent in merges recorded before units named their holder. */
  heldUnits?: RecordMoves;
  /** Personal sheet links; absent in merges recorded before sheets existed. */
  sheetLinks?: RecordMoves;
}

/** Moves every record of `fromLeadIds` to `toLeadId`; each area moves its own rows. */
export async function moveLeadRecords(tx: DbTx, organizationId: string, fromLeadIds: string[], toLeadId: string): Promise<MovedRecords> {
  const entries = await tx.leadActivity.findMany({ where: { organizationId, leadId: { in: fromLeadIds } }, select: { id: true, leadId: true } });
  if (entries.length > 0) await tx.leadActivity.updateMany({ where: { id: { in: entries.map((e) => e.id) } }, data: { leadId: toLeadId } });
  return {
    activities: movesOf(entries),
    whatsAppMessages: await moveLeadMessages(tx, organizationId, fromLeadIds, toLeadId),
    meetings: await moveLeadMeetings(tx, organizationId, fromLeadIds, toLeadId),
    sequenceContacts: await moveLeadContacts(tx, organizationId, fromLeadIds, toLeadId),
    assignments: await moveLeadAssignments(tx, organizationId, fromLeadIds, toLeadId),
    heldUnits: await moveLeadHeldUnits(tx, organizationId, fromLeadIds, toLeadId),
    sheetLinks: await moveLeadSheetLinks(tx, organizationId, fromLeadIds, toLeadId),
  };
}

/** Moves back exactly what a merge moved, where it still is on the survivor `fromLeadId`. */
export async function moveLeadRecordsBack(tx: DbTx, organizationId: string, moved: MovedRecords, fromLeadId: string): Promise<void> {
  for (const [leadId, ids] of Object.entries(moved.activities)) {
    await tx.leadActivity.updateMany({ where: { organizationId, id: { in: ids }, leadId: fromLeadId }, data: { leadId } });
  }
  await moveLeadMessagesBack(tx, organizationId, moved.whatsAppMessages, fromLeadId);
  await moveLeadMeetingsBack(tx, organizationId, moved.meetings, fromLeadId);
  await moveLeadContactsBack(tx, organizationId, moved.sequenceContacts, fromLeadId);
  await moveLeadAssignmentsBack(tx, organizationId, moved.assignments, fromLeadId);
  await moveLeadHeldUnitsBack(tx, organizationId, moved.heldUnits, fromLeadId);
  await moveLeadSheetLinksBack(tx, organizationId, moved.sheetLinks, fromLeadId);
}
