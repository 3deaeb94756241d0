import type { Db } from "../db/client";

/**
 * Recomputes the maintained lead counts from "Lead" (all organizations, or
 * one) and compacts each count into a single row. The table lock (SHARE:
 * reads go on, lead writes wait for the few hundred milliseconds this takes)
 * keeps a concurrent write from being counted twice or not at all.
 * Returns the organizations' lead totals after the repair and how many
 * stored totals were wrong.
 */
export async function recountLeads(db: Db, organizationId?: string): Promise<{ organizations: number; corrected: number }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`LOCK TABLE "Lead" IN SHARE MODE`;
    const scope = organizationId ?? null;
    const [wrong] = await tx.$queryRaw<{ corrected: bigint }[]>`
      WITH actual AS (
        SELECT l."organizationId", d.dimension, d.value, count(*)::int AS total
        FROM "Lead" l
        CROSS JOIN LATERAL (VALUES ('all', ''), ('status', l."status"::text), ('source', l."source"::text),
                                   ('stage', coalesce(l."stageId"::text, 'none')), ('assignee', coalesce(l."assignedToId"::text, 'none')))
             AS d(dimension, value)
        WHERE ${scope}::uuid IS NULL OR l."organizationId" = ${scope}::uuid
        GROUP BY 1, 2, 3
      ), stored AS (
        SELECT "organizationId", "dimension", "value", sum("count")::int AS total FROM "LeadCount"
        WHERE ${scope}::uuid IS NULL OR "organizationId" = ${scope}::uuid
        GROUP BY 1, 2, 3
      )
      SELECT count(*) AS corrected FROM actual a FULL JOIN stored s USING ("organizationId", dimension, value)
      WHERE coalesce(a.total, 0) <> coalesce(s.total, 0)`;
    await tx.$executeRaw`DELETE FROM "LeadCount" WHERE ${scope}::uuid IS NULL OR "organizationId" = ${scope}::uuid`;
    await tx.$executeRaw`
      INSERT INTO "LeadCount" ("organizationId", "dimension", "value", "slot", "count")
      SELECT l."organizationId", d.dimension, d.value, 0, count(*)::int
      FROM "Lead" l
      CROSS JOIN LATERAL (VALUES ('all', ''), ('status', l."status"::text), ('source', l."source"::text),
                                 ('stage', coalesce(l."stageId"::text, 'none')), ('assignee', coalesce(l."assignedToId"::text, 'none')))
           AS d(dimension, value)
      WHERE ${scope}::uuid IS NULL OR l."organizationId" = ${scope}::uuid
      GROUP BY 1, 2, 3`;
    const [counted] = await tx.$queryRaw<{ organizations: bigint }[]>`
      SELECT count(DISTINCT "organizationId") AS organizations FROM "LeadCount"
      WHERE "dimension" = 'all' AND (${scope}::uuid IS NULL OR "organizationId" = ${scope}::uuid)`;
    return { organizations: Number(counted?.organizations ?? 0), corrected: Number(wrong?.corrected ?? 0) };
  });
}
