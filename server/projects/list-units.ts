import { projectNotFound } from "./catalog-errors";
import { isProjectId } from "./catalog-ids";
import { presentUnit } from "./project-representation";
import type { DomainContext } from "../domain-context";
import { UNIT_ORDER } from "./read-project";

/** Every unit of a project, oldest first (the contract does not paginate this list). */
export async function listUnits({ db, principal }: DomainContext, projectId: string) {
  if (!isProjectId(projectId)) throw projectNotFound();
  const project = await db.project.findFirst({
    where: { id: projectId, organizationId: principal.organizationId },
    select: { units: { orderBy: UNIT_ORDER } },
  });
  if (!project) throw projectNotFound();
  return { data: project.units.map(presentUnit) };
}
