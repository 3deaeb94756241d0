import type { DbTx, Db } from "../db/client";
import { projectNotFound } from "./catalog-errors";
import { isProjectId } from "./catalog-ids";
import { presentProjectWithUnits, type ProjectWithUnitsRepresentation } from "./project-representation";
import type { DomainContext } from "../domain-context";

/** Units are listed oldest first, so initial units keep the order they were sent in. */
export const UNIT_ORDER = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/** The project with all its units, or null when it is not in the organization. */
export async function findProjectWithUnits(
  db: Db | DbTx,
  organizationId: string,
  projectId: string,
): Promise<ProjectWithUnitsRepresentation | null> {
  const project = await db.project.findFirst({
    where: { id: projectId, organizationId },
    include: { units: { orderBy: UNIT_ORDER } },
  });
  if (!project) return null;
  const { units, ...fields } = project;
  return presentProjectWithUnits(fields, units);
}

export async function getProject({ db, principal }: DomainContext, projectId: string) {
  if (!isProjectId(projectId)) throw projectNotFound();
  const project = await findProjectWithUnits(db, principal.organizationId, projectId);
  if (!project) throw projectNotFound();
  return project;
}
