import type { DomainContext } from "../../domain-context";
import type { HomeWindow } from "../home-period";
import { num, widgetScope } from "../widget-scope";

/**
 * Leads created in the period per assignee (current owner), members of the
 * organization by name; `userId` null gathers the unassigned leads. Sorted
 * by count, largest first. Only the leads the viewer sees.
 */
export async function leadsPerMember(ctx: DomainContext, window: HomeWindow) {
  const { visibleLead, since, now } = widgetScope(ctx, window);
  const rows = await ctx.db.$queryRaw<{ userId: string | null; name: string | null; count: bigint }[]>`
    SELECT l."assignedToId"::text AS "userId", u."name", count(*) AS "count"
    FROM "Lead" l LEFT JOIN "User" u ON u."id" = l."assignedToId"
    WHERE ${visibleLead} AND l."createdAt" >= ${since} AND l."createdAt" <= ${now}
    GROUP BY l."assignedToId", u."name" ORDER BY 3 DESC, 2 ASC NULLS LAST`;
  return rows.map((r) => ({ userId: r.userId, name: r.name, count: num(r.count) }));
}
