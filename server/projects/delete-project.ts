import { eventSourceOf, recordEvents } from "../events/record-events";
import { unlinkLeadsFromProject } from "../leads/unlink-project";
import { mapCatalogWriteError, projectNotFound } from "./catalog-errors";
import { projectEvent } from "./catalog-events";
import { isProjectId } from "./catalog-ids";
import { presentProject } from "./project-representation";
import type { DomainContext } from "../domain-context";
import { lockProjectForDeletion } from "./row-locks";
import { unitStatsOf } from "./unit-stats";
import { runInTransaction } from "../db/run-in-transaction";

/**
 * Deletes a project and every unit of it, irreversibly. The leads linked to
 * it are unlinked by their owner first (`unlinkLeadsFromProject`: `updatedAt`
 * moves, no lead events; project.deleted says it all).
 */
export async function deleteProject({ db, principal }: DomainContext, projectId: string) {
  if (!isProjectId(projectId)) throw projectNotFound();
  const organizationId = principal.organizationId;
  try {
    return await runInTransaction(db, async (tx) => {
      if (!(await lockProjectForDeletion(tx, organizationId, projectId))) throw projectNotFound();
      const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
      const payload = presentProject(project, await unitStatsOf(tx, projectId));

      await unlinkLeadsFromProject(tx, organizationId, projectId);
      // Units go with the project (ON DELETE CASCADE).
      await tx.project.delete({ where: { id: projectId } });

      await recordEvents(tx, eventSourceOf(principal), [projectEvent("project.deleted", payload)]);
      return { deleted: true as const, id: projectId };
    });
  } catch (error) {
    throw mapCatalogWriteError(error, projectNotFound);
  }
}
