import { scheduleUnitMatching } from "../matching/match-job";
import { eventSourceOf, recordEvents } from "../events/record-events";
import { newId } from "../ids";
import { mapCatalogWriteError, projectNotFound } from "./catalog-errors";
import { unitEvent } from "./catalog-events";
import { isProjectId } from "./catalog-ids";
import { presentProject, presentUnit } from "./project-representation";
import type { DomainContext } from "../domain-context";
import { lockProjectAgainstDeletion } from "./row-locks";
import type { CreateUnitData } from "./project-data";
import { unitStatsOf } from "./unit-stats";
import { runInTransaction } from "../db/run-in-transaction";

/**
 * Adds a unit to a project and emits unit.created. The project is locked
 * against deletion first, so a concurrent DELETE waits for this unit (and then
 * deletes it with the project) instead of the insert failing half-way.
 */
export async function createUnit({ db, principal }: DomainContext, projectId: string, input: CreateUnitData) {
  if (!isProjectId(projectId)) throw projectNotFound();
  const organizationId = principal.organizationId;
  try {
    return await runInTransaction(db, async (tx) => {
      if (!(await lockProjectAgainstDeletion(tx, organizationId, projectId))) throw projectNotFound();
      const unit = await tx.unit.create({
        data: {
          id: newId("unit"),
          organizationId,
          projectId,
          name: input.name,
          price: BigInt(input.price),
          type: input.type ?? null,
          area: input.area ?? null,
          status: input.status,
          photos: input.photos ?? [],
        },
      });
      const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
      const payload = presentUnit(unit);
      const projectPayload = presentProject(project, await unitStatsOf(tx, projectId));
      await recordEvents(tx, eventSourceOf(principal), [unitEvent("unit.created", payload, projectPayload)]);
      if (unit.status === "available") await scheduleUnitMatching(tx, organizationId, [unit.id]);
      return payload;
    });
  } catch (error) {
    throw mapCatalogWriteError(error, projectNotFound);
  }
}
