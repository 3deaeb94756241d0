import type { DomainContext } from "../../domain-context";
import { homeTimeZone, periodStartSql, type HomeWindow } from "../../home/home-period";
import { num } from "../../home/widget-scope";
import { visibleLeadsSql } from "../../leads/lead-visibility";
import { projectNotFound } from "../catalog-errors";
import { FUNNEL_STAGES, funnelStagesSql, type FunnelStage } from "./funnel-stages-sql";

export interface FunnelStageCount {
  stage: FunnelStage;
  count: number;
  bySource: { source: string; count: number }[];
  /** Per owner (null: unassigned), most leads first. */
  byAgent: { userId: string | null; name: string | null; count: number }[];
}

export interface ProjectFunnel {
  projectId: string;
  projectName: string;
  period: HomeWindow["period"];
  timeZone: string;
  stages: FunnelStageCount[];
}

/**
 * A project's funnel in a period of the home page (organization's time zone):
 * how many leads reached each stage (`funnelStagesSql`), in total, per source and
 * per owner, counting only the leads the caller sees. One statement: the stage
 * pairs joined with the visible leads, grouped three ways at once.
 */
export async function projectFunnel(ctx: DomainContext, projectId: string, window: HomeWindow): Promise<ProjectFunnel> {
  const { principal } = ctx;
  const project = await ctx.db.project.findFirst({
    where: { id: projectId, organizationId: principal.organizationId },
    select: { id: true, name: true },
  });
  if (!project) throw projectNotFound();
  const now = window.now ?? new Date();
  const timeZone = homeTimeZone(principal.organization.timezone);
  const stages = funnelStagesSql({
    organizationId: principal.organizationId,
    projectId,
    since: periodStartSql(window.period, timeZone, now),
    now,
  });
  const rows = await ctx.db.$queryRaw<
    { stage: FunnelStage; source: string | null; userId: string | null; name: string | null; bySource: boolean; byAgent: boolean; count: bigint }[]
  >`
    SELECT f."stage", l."source"::text AS "source", l."assignedToId"::text AS "userId", max(u."name") AS "name",
           GROUPING(l."source") = 0 AS "bySource", GROUPING(l."assignedToId") = 0 AS "byAgent", count(*) AS "count"
    FROM (${stages}) f
    JOIN "Lead" l ON l."id" = f."leadId" AND ${visibleLeadsSql(principal)}
    LEFT JOIN "User" u ON u."id" = l."assignedToId"
    GROUP BY GROUPING SETS ((f."stage"), (f."stage", l."source"), (f."stage", l."assignedToId"))`;
  return {
    projectId: project.id,
    projectName: project.name,
    period: window.period,
    timeZone,
    stages: FUNNEL_STAGES.map((stage) => {
      const of = rows.filter((row) => row.stage === stage);
      const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
      return {
        stage,
        count: num(of.find((row) => !row.bySource && !row.byAgent)?.count),
        bySource: of
          .filter((row) => row.bySource)
          .map((row) => ({ source: row.source ?? "other", count: num(row.count) }))
          .sort(byCount),
        byAgent: of
          .filter((row) => row.byAgent)
          .map((row) => ({ userId: row.userId, name: row.userId === null ? null : row.name, count: num(row.count) }))
          .sort(byCount),
      };
    }),
  };
}
