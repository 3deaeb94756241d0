import type { DomainContext } from "../../domain-context";
import type { HomeWindow } from "../home-period";
import { num, widgetScope } from "../widget-scope";

/**
 * Leads won and lost in the period: leads whose status changed to `won` or
 * `lost` within the period and still hold that status (a lead reopened since
 * does not count), each lead once, with the sum of their estimated values;
 * only the leads the viewer sees.
 * Read from the timeline's `status_changed` entries, which every status
 * change writes (index on ("organizationId", "type", "createdAt")).
 */
export async function wonLost(ctx: DomainContext, window: HomeWindow) {
  const { organizationId, visibleLead, since, now } = widgetScope(ctx, window);
  const rows = await ctx.db.$queryRaw<{ outcome: string; count: bigint; value: string | null }[]>`
    WITH "changed" AS (
      SELECT DISTINCT a."leadId", a."changes" -> 'status' ->> 'to' AS "outcome"
      FROM "LeadActivity" a
      WHERE a."organizationId" = ${organizationId}::uuid AND a."type" = 'status_changed'
        AND a."createdAt" >= ${since} AND a."createdAt" <= ${now}
        AND a."changes" -> 'status' ->> 'to' IN ('won', 'lost'))
    SELECT l."status"::text AS "outcome", count(*) AS "count", sum(l."estimatedValue")::text AS "value"
    FROM "changed" c
    JOIN "Lead" l ON l."id" = c."leadId" AND ${visibleLead} AND l."status"::text = c."outcome"
    GROUP BY 1`;
  const of = (outcome: string) => rows.find((r) => r.outcome === outcome);
  return {
    won: { count: num(of("won")?.count), estimatedValue: num(of("won")?.value) },
    lost: { count: num(of("lost")?.count), estimatedValue: num(of("lost")?.value) },
  };
}
