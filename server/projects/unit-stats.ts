import type { Db, DbTx } from "../db/client";

export interface UnitStats {
  count: number;
  minPrice: number | null;
  maxPrice: number | null;
}

export const NO_UNITS: UnitStats = { count: 0, minPrice: null, maxPrice: null };

/** Unit count and price range per project, in one grouped query for a page of projects. */
export async function unitStatsByProject(db: Db | DbTx, projectIds: string[]): Promise<Map<string, UnitStats>> {
  if (projectIds.length === 0) return new Map();
  const groups = await db.unit.groupBy({
    by: ["projectId"],
    where: { projectId: { in: projectIds } },
    _count: { _all: true },
    _min: { price: true },
    _max: { price: true },
  });
  return new Map(
    groups.map((group) => [
      group.projectId,
      {
        count: group._count._all,
        minPrice: group._min.price === null ? null : Number(group._min.price),
        maxPrice: group._max.price === null ? null : Number(group._max.price),
      },
    ]),
  );
}

export async function unitStatsOf(db: Db | DbTx, projectId: string): Promise<UnitStats> {
  return (await unitStatsByProject(db, [projectId])).get(projectId) ?? NO_UNITS;
}
