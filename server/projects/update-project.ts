import { eventSourceOf, recordEvents } from "../events/record-events";
import { mapCatalogWriteError, projectNotFound } from "./catalog-errors";
import { changedFields } from "../events/changed-fields";
import { projectUpdatedEvent } from "./catalog-events";
import { isProjectId } from "./catalog-ids";
import type { UpdateProjectData } from "./project-data";
import type { DomainContext } from "../domain-context";
import { findProjectWithUnits } from "./read-project";
import { lockProjectForUpdate } from "./row-locks";
import { runInTransaction } from "../db/run-in-transaction";

/**
 * Applies the fields present in the body (null clears) and answers the full
 * project with its units, as the single read does. Units are managed through
 * their own endpoints. Emits project.updated.
 */
export async function updateProject({ db, principal }: DomainContext, projectId: string, changes: UpdateProjectData) {
  if (!isProjectId(projectId)) throw projectNotFound();
  const organizationId = principal.organizationId;
  try {
    return await runInTransaction(db, async (tx) => {
      // Locked first, so the "before" of the event's changes is the state this write replaced.
      if (!(await lockProjectForUpdate(tx, organizationId, projectId))) throw projectNotFound();
      const previous = await findProjectWithUnits(tx, organizationId, projectId);
      if (!previous) throw projectNotFound();
      const { count } = await tx.project.updateMany({ where: { id: projectId, organizationId }, data: changes });
      if (count === 0) throw projectNotFound();
      const project = await findProjectWithUnits(tx, organizationId, projectId);
      if (!project) throw projectNotFound();
      const { units: _units, ...projectPayload } = project;
      const { units: _previousUnits, ...previousPayload } = previous;
      await recordEvents(tx, eventSourceOf(principal), [projectUpdatedEvent(projectPayload, changedFields(previousPayload, projectPayload))]);
      return project;
    });
  } catch (error) {
    throw mapCatalogWriteError(error, projectNotFound);
  }
}
