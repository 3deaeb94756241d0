import { Prisma } from "../../db/generated/client";
import type { DomainContext } from "../../domain-context";
import { localDaySql, type HomeWindow } from "../home-period";
import { num, widgetScope } from "../widget-scope";

/**
 * New leads per local day and source over the period (stacked bars). Days are
 * the organization's calendar days: a lead created at 23:30 local counts on
 * that local day whatever its UTC date. Days without leads are returned too
 * (zero rows omitted per source), so the chart's axis has no gaps. Only the
 * leads the viewer sees.
 */
export async function newLeadsBySource(ctx: DomainContext, window: HomeWindow) {
  const { visibleLead, timeZone, since, now } = widgetScope(ctx, window);
  const day = localDaySql(Prisma.sql`l."createdAt"`, timeZone);
  const rows = await ctx.db.$queryRaw<{ day: string; source: string; count: bigint }[]>`
    SELECT ${day} AS "day", l."source"::text AS "source", count(*) AS "count"
    FROM "Lead" l
    WHERE ${visibleLead} AND l."createdAt" >= ${since} AND l."createdAt" <= ${now}
    GROUP BY 1, 2 ORDER BY 1, 2`;
  const days = await ctx.db.$queryRaw<{ day: string }[]>`
    SELECT to_char(d, 'YYYY-MM-DD') AS "day"
    FROM generate_series(date_trunc('day', ${since} AT TIME ZONE ${timeZone}), date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone}), interval '1 day') d`;
  const byDay = new Map(days.map((d) => [d.day, {} as Record<string, number>]));
  for (const r of rows) {
    const bucket = byDay.get(r.day) ?? {};
    bucket[r.source] = num(r.count);
    byDay.set(r.day, bucket);
  }
  const sources = [...new Set(rows.map((r) => r.source))].sort();
  return {
    timeZone,
    sources,
    days: [...byDay.entries()].map(([date, counts]) => ({ date, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) })),
  };
}
