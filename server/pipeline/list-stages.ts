import type { DomainContext } from "../domain-context";
import { stageDisplayName } from "./stage-name";

export interface StageRepresentation {
  id: string;
  name: string;
  color: string;
  order: number;
  stageKind: "open" | "won" | "lost";
  systemKey: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The organization's pipeline stages in display order (`order` ascending), named in the organization's language. */
export async function listStages({ db, principal }: DomainContext): Promise<StageRepresentation[]> {
  const rows = await db.pipelineStage.findMany({
    where: { organizationId: principal.organizationId },
    orderBy: [{ order: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    name: stageDisplayName(row, principal.organization.locale),
    color: row.color,
    order: row.order,
    stageKind: row.stageKind,
    systemKey: row.systemKey,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
