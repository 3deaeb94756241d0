import type { DbTx } from "../db/client";
import { movesOf, type RecordMoves } from "../leads/merge/record-moves";

/**
 * A unit names the lead who reserved or bought it (`Unit.leadId`, kept
 * without a foreign key). When that lead goes, the unit stays reserved or
 * sold but names nobody; when it is merged into another, the survivor holds
 * the unit, and undoing the merge gives it back.
 */
export async function clearUnitHolders(tx: DbTx, organizationId: string, leadIds: string[]): Promise<void> {
  await tx.unit.updateMany({ where: { organizationId, leadId: { in: leadIds } }, data: { leadId: null } });
}

export async function moveLeadHeldUnits(tx: DbTx, organizationId: string, fromLeadIds: string[], toLeadId: string): Promise<RecordMoves> {
  const units = await tx.unit.findMany({ where: { organizationId, leadId: { in: fromLeadIds } }, select: { id: true, leadId: true } });
  if (units.length > 0) await tx.unit.updateMany({ where: { id: { in: units.map((u) => u.id) } }, data: { leadId: toLeadId } });
  return movesOf(units);
}

export async function moveLeadHeldUnitsBack(tx: DbTx, organizationId: string, moves: RecordMoves | undefined, fromLeadId: string): Promise<void> {
  for (const [leadId, ids] of Object.entries(moves ?? {})) {
    await tx.unit.updateMany({ where: { organizationId, id: { in: ids }, leadId: fromLeadId }, data: { leadId } });
  }
}
