import type { DbTx } from "../db/client";
import { movesOf, type RecordMoves } from "../leads/merge/record-moves";

/**
 * A merge moves the round-robin assignment history of the merged-away leads to the survivor
 * (server/leads/merge/), and its undo moves exactly those entries back.
 */
export async function moveLeadAssignments(tx: DbTx, organizationId: string, fromLeadIds: string[], toLeadId: string): Promise<RecordMoves> {
  const rows = await tx.roundRobinAssignment.findMany({ where: { organizationId, leadId: { in: fromLeadIds } }, select: { id: true, leadId: true } });
  if (rows.length > 0) await tx.roundRobinAssignment.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { leadId: toLeadId } });
  return movesOf(rows);
}

export async function moveLeadAssignmentsBack(tx: DbTx, organizationId: string, moves: RecordMoves, fromLeadId: string): Promise<void> {
  for (const [leadId, ids] of Object.entries(moves)) {
    await tx.roundRobinAssignment.updateMany({ where: { organizationId, id: { in: ids }, leadId: fromLeadId }, data: { leadId } });
  }
}
