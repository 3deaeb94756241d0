import type { Prisma } from "../db/generated/client";
import type { ProjectStatus, ProjectType } from "./catalog-values";
import { presentProject, type ProjectRepresentation } from "./project-representation";
import type { DomainContext } from "../domain-context";
import type { ListResult } from "../list-result";
import { NO_UNITS, unitStatsByProject } from "./unit-stats";

export const PROJECT_SORT_FIELDS = ["createdAt", "updatedAt", "name"] as const;

export interface ListProjectsQuery {
  limit: number;
  offset: number;
  sortBy: (typeof PROJECT_SORT_FIELDS)[number];
  sortOrder: "asc" | "desc";
  /** Case-insensitive partial match on name, city or promotora. */
  query?: string;
  type?: ProjectType;
  status?: ProjectStatus;
  /** Case-insensitive partial match on city. */
  city?: string;
}

/**
 * A case-insensitive partial match (ILIKE, backed by the trigram indexes on
 * name and city). Prisma passes the text into the LIKE pattern as is, so the
 * pattern characters are escaped: a search for "100%" means those characters.
 */
function contains(text: string): { contains: string; mode: "insensitive" } {
  return { contains: text.replace(/[\\%_]/g, (character) => `\\${character}`), mode: "insensitive" };
}

export async function listProjects(
  { db, principal }: DomainContext,
  query: ListProjectsQuery,
): Promise<ListResult<ProjectRepresentation>> {
  const where: Prisma.ProjectWhereInput = { organizationId: principal.organizationId };
  if (query.type) where.type = query.type;
  if (query.status) where.status = query.status;
  if (query.city) where.city = contains(query.city);
  if (query.query) {
    where.OR = [{ name: contains(query.query) }, { city: contains(query.query) }, { promotora: contains(query.query) }];
  }

  const [projects, total] = await Promise.all([
    db.project.findMany({
      where,
      // The id tiebreak keeps pages stable when sort values repeat.
      orderBy: [{ [query.sortBy]: query.sortOrder }, { id: query.sortOrder }],
      take: query.limit,
      skip: query.offset,
    }),
    db.project.count({ where }),
  ]);
  const stats = await unitStatsByProject(
    db,
    projects.map((project) => project.id),
  );
  return { rows: projects.map((project) => presentProject(project, stats.get(project.id) ?? NO_UNITS)), total };
}
