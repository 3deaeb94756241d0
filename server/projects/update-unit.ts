import { nextHolder, recordHolderChange } from "./unit-holder";
import { scheduleUnitMatching } from "../matching/match-job";
import type { DomainEvent } from "../events/record-events";
import { eventSourceOf, recordEvents } from "../events/record-events";
import { mapCatalogWriteError, projectNotFound, unitNotFound } from "./catalog-errors";
import { changedFields } from "../events/changed-fields";
import { unitStatusChangedEvent, unitUpdatedEvent } from "./catalog-events";
import { isProjectId, isUnitId } from "./catalog-ids";
import { presentProject, presentUnit } from "./project-representation";
import type { DomainContext } from "../domain-context";
import { lockUnitForUpdate } from "./row-locks";
import type { UpdateUnitData } from "./project-data";
import { unitStatsOf } from "./unit-stats";
import { runInTransaction } from "../db/run-in-transaction";

/**
 * Applies the fields present in the body (null clears `type` and `area`) to a
 * unit of the project in the path. Emits unit.updated always and
 * unit.status_changed when the status actually changed.
 */
export async function updateUnit(
  { db, principal }: DomainContext,
  projectId: string,
  unitId: string,
  changes: UpdateUnitData,
) {
  if (!isProjectId(projectId)) throw projectNotFound();
  if (!isUnitId(unitId)) throw unitNotFound();
  const organizationId = principal.organizationId;
  try {
    return await runInTransaction(db, async (tx) => {
      const current = await lockUnitForUpdate(tx, organizationId, projectId, unitId);
      if (!current) {
        const projectExists = await tx.project.count({ where: { id: projectId, organizationId } });
        throw projectExists > 0 ? unitNotFound() : projectNotFound();
      }
      const previous = presentUnit(await tx.unit.findUniqueOrThrow({ where: { id: unitId } }));
      const leadId = await nextHolder(tx, principal, previous, changes);
      const unit = await tx.unit.update({
        where: { id: unitId },
        data: {
          name: changes.name,
          price: changes.price === undefined ? undefined : BigInt(changes.price),
          type: changes.type,
          area: changes.area,
          status: changes.status,
          photos: changes.photos,
          leadId,
        },
      });
      const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
      const payload = presentUnit(unit);
      const projectPayload = presentProject(project, await unitStatsOf(tx, projectId));

      const events: DomainEvent[] = [unitUpdatedEvent(payload, projectPayload, changedFields(previous, payload))];
      const holder = await recordHolderChange(tx, principal, { id: unit.id, name: unit.name, projectName: project.name }, previous, payload, unit.updatedAt);
      if (unit.status !== current.status) events.push(unitStatusChangedEvent(payload, projectPayload, current.status, holder));
      await recordEvents(tx, eventSourceOf(principal), events);
      // A new price, type or area, or a unit back on the market (a released reservation), can make new matches.
      const fitsDifferently = ["price", "type", "area", "status"].some((field) => field in changedFields(previous, payload));
      if (unit.status === "available" && fitsDifferently) await scheduleUnitMatching(tx, organizationId, [unit.id]);
      return payload;
    });
  } catch (error) {
    throw mapCatalogWriteError(error, unitNotFound);
  }
}
