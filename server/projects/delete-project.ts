import { eventSourceOf, recordEvents } from "../events/record-events";
import { mapCatalogWriteError, projectNotFound } from "./catalog-errors";
import { projectEvent } from "./catalog-events";
import { isProjectId } from "./catalog-ids";
import { presentProject } from "./project-representation";
import type { DomainContext } from "../domain-context";
import { lockProjectForDeletion } from "./row-locks";
import { unitStatsOf } from "./unit-stats";
import { runInTransaction } from "../db/run-in-transaction";

/**
 * Deletes a project and every unit of it, irreversibly. Leads linked to the
 * project lose `projectId` and `unitId`, and leads linked to one of its units
 * lose `unitId`. The links are cleared here rather than left to the foreign
 * keys alone so that those leads' `updatedAt` moves and integrators syncing by
 * it notice; no lead events are emitted (project.deleted says it all).
 */
export async function deleteProject({ db, principal }: DomainContext, projectId: string) {
  if (!isProjectId(projectId)) throw projectNotFound();
  const organizationId = principal.organizationId;
  try {
    return await runInTransaction(db, async (tx) => {
      if (!(await lockProjectForDeletion(tx, organizationId, projectId))) throw projectNotFound();
      const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
      const payload = presentProject(project, await unitStatsOf(tx, projectId));

      await tx.lead.updateMany({ where: { organizationId, projectId }, data: { projectId: null, unitId: null } });
      await tx.lead.updateMany({ where: { organizationId, unit: { projectId } }, data: { unitId: null } });
      // Units go with the project (ON DELETE CASCADE).
      await tx.project.delete({ where: { id: projectId } });

      await recordEvents(tx, eventSourceOf(principal), [projectEvent("project.deleted", payload)]);
      return { deleted: true as const, id: projectId };
    });
  } catch (error) {
    throw mapCatalogWriteError(error, projectNotFound);
  }
}
