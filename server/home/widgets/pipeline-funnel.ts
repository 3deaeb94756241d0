import type { DomainContext } from "../../domain-context";
import { stageDisplayName } from "../../pipeline/stage-name";
import { num } from "../widget-scope";
import { visibleLeadsSql } from "../../leads/lead-visibility";

/**
 * The pipeline as it stands now: every stage in order with its lead count and
 * the sum of their estimated values (a snapshot, not bound to the period — a
 * funnel shows where things stand). Leads without a stage are counted apart.
 * Served by the index on ("organizationId", "stageId", "estimatedValue"), grouped by
 * the uuid itself (in index order, no per-row text cast) and cast once per stage.
 * Only the leads the viewer sees.
 */
export async function pipelineFunnel({ db, principal }: DomainContext) {
  const organizationId = principal.organizationId;
  const [stages, totals] = await Promise.all([
    db.pipelineStage.findMany({
      where: { organizationId },
      orderBy: [{ order: "asc" }, { id: "asc" }],
      select: { id: true, name: true, systemKey: true, color: true, stageKind: true },
    }),
    db.$queryRaw<{ stageId: string | null; count: bigint; value: string | null }[]>`
      SELECT l."stageId"::text AS "stageId", count(*) AS "count", sum(l."estimatedValue")::text AS "value"
      FROM "Lead" l WHERE ${visibleLeadsSql(principal)} GROUP BY l."stageId"`,
  ]);
  const byStage = new Map(totals.map((t) => [t.stageId, t]));
  const none = byStage.get(null);
  return {
    stages: stages.map((s) => ({
      stageId: s.id,
      name: stageDisplayName(s, principal.organization.locale),
      color: s.color,
      kind: s.stageKind,
      count: num(byStage.get(s.id)?.count),
      estimatedValue: num(byStage.get(s.id)?.value),
    })),
    withoutStage: { count: num(none?.count), estimatedValue: num(none?.value) },
  };
}
