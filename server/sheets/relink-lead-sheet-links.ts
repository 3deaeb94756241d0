import type { DbTx } from "../db/client";
import { movesOf, type RecordMoves } from "../leads/merge/record-moves";

/**
 * A lead's personal sheet links follow it through a merge: the links sent to
 * a duplicate go on working, and their opens and "I'm interested" land on the
 * survivor's timeline. Revoked links move too (their history is the lead's).
 * Undoing the merge gives each duplicate back exactly the links it had.
 */
export async function moveLeadSheetLinks(tx: DbTx, organizationId: string, fromLeadIds: string[], toLeadId: string): Promise<RecordMoves> {
  const links = await tx.sheetLink.findMany({ where: { organizationId, leadId: { in: fromLeadIds } }, select: { id: true, leadId: true } });
  if (links.length > 0) await tx.sheetLink.updateMany({ where: { id: { in: links.map((link) => link.id) } }, data: { leadId: toLeadId } });
  return movesOf(links);
}

export async function moveLeadSheetLinksBack(tx: DbTx, organizationId: string, moves: RecordMoves | undefined, fromLeadId: string): Promise<void> {
  for (const [leadId, ids] of Object.entries(moves ?? {})) {
    await tx.sheetLink.updateMany({ where: { organizationId, id: { in: ids }, leadId: fromLeadId }, data: { leadId } });
  }
}
