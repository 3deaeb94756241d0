import type { DbTx } from "../db/client";

type StageKind = "open" | "won" | "lost";

interface DefaultStage {
  systemKey: string;
  stageKind: StageKind;
  color: string;
}

/**
 * The pipeline every organization starts with: one stage per lead status, the
 * sales path in order, then the three closing stages (won, lost, and
 * unqualified: discarded before a proposal). `systemKey` ties a stage to its
 * status (the stage is the lead's state and the status is what it stands
 * for: lead-state.ts) and stays when a team renames the stage. Names follow
 * the reader's language: a default stage is stored without a name and named
 * by its `systemKey` when read (stage-name.ts).
 */
export const DEFAULT_STAGES: readonly DefaultStage[] = [
  { systemKey: "new", stageKind: "open", color: "#6366F1" },
  { systemKey: "contacted", stageKind: "open", color: "#0EA5E9" },
  { systemKey: "qualified", stageKind: "open", color: "#14B8A6" },
  { systemKey: "proposal", stageKind: "open", color: "#F59E0B" },
  { systemKey: "negotiation", stageKind: "open", color: "#F97316" },
  { systemKey: "won", stageKind: "won", color: "#22C55E" },
  { systemKey: "lost", stageKind: "lost", color: "#EF4444" },
  { systemKey: "unqualified", stageKind: "lost", color: "#94A3B8" },
];

/** Creates the default pipeline of a new organization, in the organization's own transaction. */
export async function createDefaultStages(tx: DbTx, organization: { id: string }): Promise<void> {
  await tx.pipelineStage.createMany({
    data: DEFAULT_STAGES.map((stage, index) => ({
      organizationId: organization.id,
      name: null,
      color: stage.color,
      order: index + 1,
      stageKind: stage.stageKind,
      systemKey: stage.systemKey,
    })),
  });
}
