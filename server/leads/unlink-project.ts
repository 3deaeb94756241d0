import type { DbTx } from "../db/client";

/**
 * Before a project is deleted (in its transaction): leads linked to it lose
 * `projectId` and `unitId`, and leads linked to one of its units lose
 * `unitId`. Two set-based statements, however many leads are linked. Cleared
 * here rather than left to the foreign keys so those leads' `updatedAt`
 * moves and integrators syncing by it notice. A consequence of deleting the
 * project, not a change anyone made to those leads: no timeline entry and no
 * `lead.*` event (`project.deleted` says it; docs/lead-changes.md).
 */
export async function unlinkLeadsFromProject(tx: DbTx, organizationId: string, projectId: string): Promise<void> {
  await tx.lead.updateMany({ where: { organizationId, projectId }, data: { projectId: null, unitId: null } });
  await tx.lead.updateMany({ where: { organizationId, unit: { projectId } }, data: { unitId: null } });
}
