import type { DbTx } from "../db/client";

/** A stage of this organization by id, or null (another organization's stage is not found). */
export function findStage(tx: DbTx, organizationId: string, stageId: string) {
  return tx.pipelineStage.findFirst({ where: { id: stageId, organizationId }, select: { id: true, name: true } });
}
