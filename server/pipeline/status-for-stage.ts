import type { DbTx } from "../db/client";
import { LEAD_STATUSES, type LeadStatus } from "../leads/lead-enums";

/**
 * The status a lead takes when it is moved onto a stage, whichever door or
 * job moves it: a system stage named after a status (new, contacted, …, won,
 * lost) carries that status, a custom won or lost stage carries won or lost,
 * and a custom open stage leaves the status alone. So dropping a card on
 * "Won" marks the deal won (and emits lead.won), as a salesperson expects.
 * A status sent in the same request wins over the stage's.
 */
export async function statusForStage(tx: DbTx, organizationId: string, stageId: string): Promise<LeadStatus | undefined> {
  const stage = await tx.pipelineStage.findFirst({ where: { id: stageId, organizationId }, select: { systemKey: true, stageKind: true } });
  if (!stage) return undefined;
  if (stage.systemKey && (LEAD_STATUSES as readonly string[]).includes(stage.systemKey)) return stage.systemKey as LeadStatus;
  if (stage.stageKind === "won") return "won";
  if (stage.stageKind === "lost") return "lost";
  return undefined;
}
