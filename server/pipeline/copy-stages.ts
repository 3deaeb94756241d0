import type { DbTx } from "../db/client";

/**
 * Gives an organization created a moment ago (with the default pipeline) the
 * pipeline of another one: the same stages, names, colours, order and kinds,
 * as new rows (a sandbox's copy of its live organization's configuration).
 * Only for an organization that has no leads yet.
 */
export async function copyPipelineStages(tx: DbTx, fromOrganizationId: string, toOrganizationId: string): Promise<void> {
  const stages = await tx.pipelineStage.findMany({
    where: { organizationId: fromOrganizationId },
    orderBy: [{ order: "asc" }, { createdAt: "asc" }],
    select: { name: true, color: true, order: true, stageKind: true, systemKey: true },
  });
  await tx.pipelineStage.deleteMany({ where: { organizationId: toOrganizationId } });
  await tx.pipelineStage.createMany({ data: stages.map((stage) => ({ ...stage, organizationId: toOrganizationId })) });
}
