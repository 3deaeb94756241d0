import type { DbTx } from "../db/client";

/**
 * The status a lead takes when it is moved onto a stage, whichever door or
 * job moves it: a won stage closes the deal as won and a lost stage as lost
 * (and so emits lead.won / lead.lost), as a salesperson dropping a card on
 * "Won" expects. Open stages leave the status alone: it describes the
 * relationship, the stage the pipeline position. A status sent in the same
 * request wins over the stage's.
 */
export async function statusForStage(tx: DbTx, organizationId: string, stageId: string): Promise<"won" | "lost" | undefined> {
  const stage = await tx.pipelineStage.findFirst({ where: { id: stageId, organizationId }, select: { stageKind: true } });
  if (stage?.stageKind === "won") return "won";
  if (stage?.stageKind === "lost") return "lost";
  return undefined;
}
