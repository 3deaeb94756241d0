import type { DomainContext } from "../../domain-context";
import type { HomeWindow } from "../home-period";
import { num, widgetScope } from "../widget-scope";

/**
 * Leads created in the period per assignee (current owner), members of the
 * organization by name; `userId` null gathers the unassigned leads. Sorted
 * by count, largest first. Only the leads the viewer sees. Counted per
 * assignee's uuid from the index, then named: one join per member, not per lead.
 */
export async function leadsPerMember(ctx: DomainContext, window: HomeWindow) {
  const { visibleLead, since, now } = widgetScope(ctx, window);
  const rows = await ctx.db.$queryRaw<{ userId: string | null; name: string | null; count: bigint }[]>`
    SELECT m."assignedToId"::text AS "userId", u."name", m."count"
    FROM (
      SELECT l."assignedToId", count(*) AS "count" FROM "Lead" l
      WHERE ${visibleLead} AND l."createdAt" >= ${since} AND l."createdAt" <= ${now}
      GROUP BY 1) m
    LEFT JOIN "User" u ON u."id" = m."assignedToId"
    ORDER BY 3 DESC, 2 ASC NULLS LAST`;
  return rows.map((r) => ({ userId: r.userId, name: r.name, count: num(r.count) }));
}
