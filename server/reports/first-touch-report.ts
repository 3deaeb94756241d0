import type { DomainContext } from "../domain-context";
import type { HomeWindow } from "../home/home-period";
import { num, widgetScope } from "../home/widget-scope";

/** What a report row is grouped by. */
export type FirstTouchDimension = "rep" | "source" | "pool" | "project";

export interface FirstTouchFigures {
  /** Leads of the period that had a first-touch deadline (or a first touch). */
  leads: number;
  /** Of those, touched by their owner. */
  touched: number;
  /** Not touched yet. */
  waiting: number;
  /** Missed at least one deadline. */
  breached: number;
  /** breached / leads, 0..1; null without leads. */
  breachRate: number | null;
  /** From arrival to the first touch, over the touched leads. */
  medianSeconds: number | null;
  p90Seconds: number | null;
}

export interface FirstTouchRow extends FirstTouchFigures {
  /** The rep's user id, the source, the pool's id or the project's id; null: none (unassigned, no pool, no project). */
  key: string | null;
  name: string | null;
}

interface RawRow {
  dimension: FirstTouchDimension | "total";
  key: string | null;
  name: string | null;
  leads: bigint;
  touched: bigint;
  breached: bigint;
  median: number | null;
  p90: number | null;
}

function figures(r: RawRow): FirstTouchFigures {
  const leads = num(r.leads);
  const touched = num(r.touched);
  const breached = num(r.breached);
  return {
    leads,
    touched,
    waiting: leads - touched,
    breached,
    breachRate: leads === 0 ? null : breached / leads,
    medianSeconds: r.median === null ? null : Math.round(r.median),
    p90Seconds: r.p90 === null ? null : Math.round(r.p90),
  };
}

/**
 * The numbers a manager watches about speed to lead, over leads that arrived
 * in the home page's period and had a first-touch deadline: time from arrival
 * to the owner's first touch (median and 90th percentile, touched leads only),
 * how many still wait, and the breach rate (leads that missed a deadline at
 * least once), per current owner, per source, per pool and per project, plus
 * the total, in one statement (GROUPING SETS over one scan of the period's
 * leads, by the ("organizationId", "createdAt") index). Only the leads the
 * viewer sees: a member under `own` visibility gets figures about their own.
 * The leaderboard is the per-rep rows with touched leads, fastest median first.
 */
export async function firstTouchReport(ctx: DomainContext, window: HomeWindow) {
  const { organizationId, visibleLead, since, now } = widgetScope(ctx, window);
  const rows = await ctx.db.$queryRaw<RawRow[]>`
    WITH "period" AS (
      SELECT l."assignedToId", l."source"::text AS "source", l."roundRobinId", l."projectId",
        extract(epoch FROM l."firstTouchAt" - l."createdAt") AS "seconds",
        l."firstTouchAt" IS NOT NULL AS "touched",
        (l."firstTouchBreaches" > 0 OR l."firstTouchBreachedAt" IS NOT NULL) AS "breached"
      FROM "Lead" l
      WHERE ${visibleLead} AND l."createdAt" >= ${since} AND l."createdAt" <= ${now}
        AND (l."firstTouchDueAt" IS NOT NULL OR l."firstTouchAt" IS NOT NULL OR l."firstTouchBreaches" > 0)),
    "grouped" AS (
      SELECT
        CASE WHEN GROUPING("assignedToId") = 0 THEN 'rep' WHEN GROUPING("source") = 0 THEN 'source'
             WHEN GROUPING("roundRobinId") = 0 THEN 'pool' WHEN GROUPING("projectId") = 0 THEN 'project' ELSE 'total' END AS "dimension",
        COALESCE("assignedToId"::text, "source", "roundRobinId"::text, "projectId") AS "key",
        count(*) AS "leads", count(*) FILTER (WHERE "touched") AS "touched", count(*) FILTER (WHERE "breached") AS "breached",
        percentile_cont(0.5) WITHIN GROUP (ORDER BY "seconds") AS "median",
        percentile_cont(0.9) WITHIN GROUP (ORDER BY "seconds") AS "p90"
      FROM "period"
      GROUP BY GROUPING SETS (("assignedToId"), ("source"), ("roundRobinId"), ("projectId"), ()))
    SELECT g.*, CASE g."dimension"
        WHEN 'rep' THEN (SELECT u."name" FROM "User" u WHERE u."id"::text = g."key")
        WHEN 'pool' THEN (SELECT p."name" FROM "RoundRobinPool" p WHERE p."id"::text = g."key" AND p."organizationId" = ${organizationId}::uuid)
        WHEN 'project' THEN (SELECT pr."name" FROM "Project" pr WHERE pr."id" = g."key" AND pr."organizationId" = ${organizationId}::uuid)
        ELSE NULL END AS "name"
    FROM "grouped" g`;

  const of = (dimension: FirstTouchDimension): FirstTouchRow[] =>
    rows
      .filter((r) => r.dimension === dimension)
      .map((r) => ({ key: r.key, name: dimension === "source" ? r.key : r.name, ...figures(r) }))
      .sort((a, b) => b.leads - a.leads || (a.name ?? "").localeCompare(b.name ?? ""));
  const total = rows.find((r) => r.dimension === "total");
  const byRep = of("rep");
  return {
    period: window.period,
    total: total ? figures(total) : figures({ dimension: "total", key: null, name: null, leads: 0n, touched: 0n, breached: 0n, median: null, p90: null }),
    byRep,
    bySource: of("source"),
    byPool: of("pool"),
    byProject: of("project"),
    leaderboard: byRep
      .filter((r) => r.key !== null && r.touched > 0)
      .sort((a, b) => (a.medianSeconds ?? 0) - (b.medianSeconds ?? 0) || (a.breachRate ?? 0) - (b.breachRate ?? 0) || b.touched - a.touched)
      .map((r, index) => ({ rank: index + 1, userId: r.key!, name: r.name, medianSeconds: r.medianSeconds, breachRate: r.breachRate, touched: r.touched })),
  };
}
