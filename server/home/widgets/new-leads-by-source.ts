import type { DomainContext } from "../../domain-context";
import type { HomeWindow } from "../home-period";
import { num, widgetScope } from "../widget-scope";

/**
 * New leads per local day and source over the period (stacked bars). Days are
 * the organization's calendar days: a lead created at 23:30 local counts on
 * that local day whatever its UTC date. Days without leads are returned too
 * (zero rows omitted per source), so the chart's axis has no gaps. Only the
 * leads the viewer sees.
 *
 * One statement: the period's leads are counted per local day (a timestamp,
 * not text) and source from the index, and each of the few hundred groups is
 * formatted once, joined to the period's days so a day without leads still
 * comes back (with no source).
 */
export async function newLeadsBySource(ctx: DomainContext, window: HomeWindow) {
  const { visibleLead, timeZone, since, now } = widgetScope(ctx, window);
  const rows = await ctx.db.$queryRaw<{ day: string; source: string | null; count: bigint | null }[]>`
    WITH "counted" AS (
      SELECT date_trunc('day', l."createdAt" AT TIME ZONE ${timeZone}) AS "day", l."source", count(*) AS "count"
      FROM "Lead" l
      WHERE ${visibleLead} AND l."createdAt" >= ${since} AND l."createdAt" <= ${now}
      GROUP BY 1, 2),
    "days" AS (
      SELECT d AS "day"
      FROM generate_series(date_trunc('day', ${since} AT TIME ZONE ${timeZone}), date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone}), interval '1 day') d)
    SELECT to_char(coalesce(d."day", c."day"), 'YYYY-MM-DD') AS "day", c."source"::text AS "source", c."count"
    FROM "days" d FULL JOIN "counted" c ON c."day" = d."day"
    ORDER BY 1, 2`;
  const byDay = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const bucket = byDay.get(r.day) ?? {};
    if (r.source !== null) bucket[r.source] = num(r.count);
    byDay.set(r.day, bucket);
  }
  const sources = [...new Set(rows.flatMap((r) => (r.source === null ? [] : [r.source])))].sort();
  return {
    timeZone,
    sources,
    days: [...byDay.entries()].map(([date, counts]) => ({ date, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) })),
  };
}
