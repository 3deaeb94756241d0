import { scheduleUnitMatching } from "../matching/match-job";
import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { eventSourceOf, recordEvents } from "../events/record-events";
import { newId } from "../ids";
import { mapCatalogWriteError, projectNotFound } from "./catalog-errors";
import { projectEvent, unitEvent } from "./catalog-events";
import type { CreateProjectData } from "./project-data";
import { presentProject, presentUnit, statsOfUnits } from "./project-representation";
import type { DomainContext } from "../domain-context";
import { lockOrganizationForNewProject } from "./row-locks";
import type { CreateUnitData } from "./project-data";
import { runInTransaction } from "../db/run-in-transaction";

/**
 * Refuses a new project once the organization holds `maxProjects`. The
 * organization row is locked first, so two concurrent creations count one
 * after the other and can never both take the last slot.
 */
async function assertProjectSlotAvailable(tx: DbTx, organizationId: string): Promise<void> {
  const { maxProjects } = await lockOrganizationForNewProject(tx, organizationId);
  if (maxProjects === null) return;
  const projects = await tx.project.count({ where: { organizationId } });
  if (projects >= maxProjects) throw new ApiError("FORBIDDEN", "planLimit.reached", { limit: "maxProjects", max: maxProjects });
}

function initialUnitRows(organizationId: string, projectId: string, units: CreateUnitData[], now: Date) {
  return units.map((unit, index) => {
    // One millisecond apart, so "oldest first" lists them in the order they were sent.
    const createdAt = new Date(now.getTime() + index);
    return {
      id: newId("unit"),
      organizationId,
      projectId,
      name: unit.name,
      price: BigInt(unit.price),
      type: unit.type ?? null,
      area: unit.area ?? null,
      status: unit.status,
      photos: unit.photos ?? [],
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** Creates a project and its initial units in one transaction, with project.created and one unit.created per unit. */
export async function createProject({ db, principal }: DomainContext, input: CreateProjectData) {
  const organizationId = principal.organizationId;
  const { units: initialUnits = [], ...fields } = input;
  try {
    return await runInTransaction(db, async (tx) => {
      await assertProjectSlotAvailable(tx, organizationId);
      const project = await tx.project.create({ data: { ...fields, id: newId("project"), organizationId } });
      const units =
        initialUnits.length === 0
          ? []
          : await tx.unit.createManyAndReturn({ data: initialUnitRows(organizationId, project.id, initialUnits, project.createdAt) });
      units.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

      const projectPayload = presentProject(project, statsOfUnits(units));
      await recordEvents(tx, eventSourceOf(principal), [
        projectEvent("project.created", projectPayload),
        ...units.map((unit) => unitEvent("unit.created", presentUnit(unit), projectPayload)),
      ]);
      const available = units.filter((unit) => unit.status === "available").map((unit) => unit.id);
      if (available.length > 0) await scheduleUnitMatching(tx, organizationId, available);
      return {
        id: project.id,
        name: project.name,
        type: project.type,
        city: project.city,
        status: project.status,
        unitCount: units.length,
        createdAt: projectPayload.createdAt,
      };
    });
  } catch (error) {
    throw mapCatalogWriteError(error, projectNotFound);
  }
}
