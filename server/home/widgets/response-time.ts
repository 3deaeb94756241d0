import type { DomainContext } from "../../domain-context";
import type { HomeWindow } from "../home-period";
import { num, widgetScope } from "../widget-scope";

/**
 * Response time per member: for leads created in the period, the time from
 * creation to the first logged communication (call, email, meeting, social
 * message), median and 90th percentile in seconds, per the lead's current
 * assignee. Leads with no communication yet are counted apart (`waiting`),
 * not in the percentiles. The first communication of a lead created in the
 * period falls in the period too, so only that range of the timeline is read
 * (index on ("organizationId", "type", "createdAt", "communicationType",
 * "leadId"), read alone), and the period's leads from the index on
 * ("organizationId", "createdAt", …) that carries their assignee and pond.
 * Groups by the assignee's uuid alone and names the ten-odd groups afterwards
 * (joining every lead to its member first made the sort compare names), cast
 * to text once per member. Only the leads the viewer sees.
 */
export async function responseTime(ctx: DomainContext, window: HomeWindow) {
  const { organizationId, visibleLead, since, now } = widgetScope(ctx, window);
  const rows = await ctx.db.$queryRaw<
    { userId: string | null; name: string | null; answered: bigint; waiting: bigint; median: number | null; p90: number | null }[]
  >`
    WITH "first" AS (
      SELECT a."leadId", min(a."createdAt") AS "at"
      FROM "LeadActivity" a
      WHERE a."organizationId" = ${organizationId}::uuid AND a."type" IN ('call', 'email', 'meeting', 'social_message')
        AND a."communicationType" IS NOT NULL
        AND a."createdAt" >= ${since}
      GROUP BY 1),
    "perMember" AS (
      SELECT l."assignedToId",
        count(f."at") AS "answered", count(*) - count(f."at") AS "waiting",
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM f."at" - l."createdAt")) AS "median",
        percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM f."at" - l."createdAt")) AS "p90"
      FROM "Lead" l
      LEFT JOIN "first" f ON f."leadId" = l."id"
      WHERE ${visibleLead} AND l."createdAt" >= ${since} AND l."createdAt" <= ${now}
      GROUP BY l."assignedToId")
    SELECT m."assignedToId"::text AS "userId", u."name", m."answered", m."waiting", m."median", m."p90"
    FROM "perMember" m LEFT JOIN "User" u ON u."id" = m."assignedToId"
    ORDER BY 2 ASC NULLS LAST`;
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    answered: num(r.answered),
    waiting: num(r.waiting),
    medianSeconds: r.median === null ? null : Math.round(r.median),
    p90Seconds: r.p90 === null ? null : Math.round(r.p90),
  }));
}
