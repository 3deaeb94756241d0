import type { DbTx } from "../db/client";

/** A stage of this organization by id, or null (another organization's stage is not found). */
export function findStage(tx: DbTx, organizationId: string, stageId: string) {
  return tx.pipelineStage.findFirst({ where: { id: stageId, organizationId }, select: { id: true, name: true } });
}

/** The stage that stands for a lead status (its `systemKey`), if the organization has one. */
export async function stageForStatus(tx: DbTx, organizationId: string, status: string): Promise<string | null> {
  const stage = await tx.pipelineStage.findFirst({ where: { organizationId, systemKey: status }, select: { id: true } });
  return stage?.id ?? null;
}
