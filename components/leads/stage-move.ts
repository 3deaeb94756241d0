import type { LeadStatus, Stage } from "./lead-presentation";
import { LEAD_STATUS_VALUES } from "./lead-vocabulary";

/**
 * The status a lead takes when it is moved onto a stage on the board: a
 * system stage named after a status (new, contacted, …, won, lost) carries
 * that status, a custom won or lost stage carries won or lost, and a custom
 * open stage leaves the status alone. So dropping a card on "Won" also marks
 * the deal won (and emits lead.won), as a salesperson expects.
 */
export function statusForStage(stage: Stage): LeadStatus | undefined {
  const key = stage.systemKey;
  if (key && (LEAD_STATUS_VALUES as readonly string[]).includes(key)) return key as LeadStatus;
  if (stage.stageKind === "won") return "won";
  if (stage.stageKind === "lost") return "lost";
  return undefined;
}
