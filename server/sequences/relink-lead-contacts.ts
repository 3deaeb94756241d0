import type { DbTx } from "../db/client";
import { movesOf, type RecordMoves } from "../leads/merge/record-moves";

/**
 * A merge moves the sequence contacts of the merged-away leads to the
 * survivor (server/leads/merge/), and its undo moves exactly those back. A
 * sequence holds a lead once: where the survivor (or an earlier duplicate)
 * is already a contact of the sequence, the duplicate's contact stays under
 * its old id, out of every list while the lead is merged away, and is whole
 * again after an undo.
 */
export async function moveLeadContacts(tx: DbTx, organizationId: string, fromLeadIds: string[], toLeadId: string): Promise<RecordMoves> {
  const rows = await tx.sequenceContact.findMany({
    where: { organizationId, leadId: { in: [toLeadId, ...fromLeadIds] } },
    select: { id: true, leadId: true, sequenceId: true },
    orderBy: { createdAt: "asc" },
  });
  const taken = new Set(rows.filter((row) => row.leadId === toLeadId).map((row) => row.sequenceId));
  const moving = rows.filter((row) => {
    if (row.leadId === toLeadId || taken.has(row.sequenceId)) return false;
    taken.add(row.sequenceId);
    return true;
  });
  if (moving.length > 0) await tx.sequenceContact.updateMany({ where: { id: { in: moving.map((r) => r.id) } }, data: { leadId: toLeadId } });
  return movesOf(moving);
}

export async function moveLeadContactsBack(tx: DbTx, organizationId: string, moves: RecordMoves, fromLeadId: string): Promise<void> {
  for (const [leadId, ids] of Object.entries(moves)) {
    await tx.sequenceContact.updateMany({ where: { organizationId, id: { in: ids }, leadId: fromLeadId }, data: { leadId } });
  }
}
