import type { DomainContext } from "../../domain-context";
import type { StageKind } from "../../db/generated/client";
import { stageDisplayName } from "../../pipeline/stage-name";
import { num } from "../widget-scope";
import { visibleLeadsSql } from "../../leads/lead-visibility";

/**
 * The pipeline as it stands now: every stage in order with its lead count and
 * the sum of their estimated values (a snapshot, not bound to the period — a
 * funnel shows where things stand). Leads without a stage are counted apart.
 * Only the leads the viewer sees.
 *
 * One statement, one aggregate per stage: each stage's leads are one range of
 * the index on ("organizationId", "stageId", "estimatedValue"), read alone, so
 * the whole organization is never scanned as one block (which the planner did
 * with parallel workers, three processes per funnel, when one organization
 * held most of the table).
 */
export async function pipelineFunnel({ db, principal }: DomainContext) {
  const visibleLead = visibleLeadsSql(principal);
  const rows = await db.$queryRaw<
    { id: string | null; name: string | null; systemKey: string | null; color: string | null; stageKind: StageKind | null; count: bigint; value: string | null }[]
  >`
    SELECT s."id", s."name", s."systemKey", s."color", s."stageKind", s."order", t."count", t."value"
    FROM "PipelineStage" s
    CROSS JOIN LATERAL (
      SELECT count(*) AS "count", sum(l."estimatedValue")::text AS "value" FROM "Lead" l WHERE ${visibleLead} AND l."stageId" = s."id") t
    WHERE s."organizationId" = ${principal.organizationId}::uuid
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, NULL, count(*), sum(l."estimatedValue")::text
    FROM "Lead" l WHERE ${visibleLead} AND l."stageId" IS NULL
    ORDER BY "order" ASC NULLS LAST, "id" ASC`;
  const none = rows.find((r) => r.id === null);
  return {
    stages: rows.flatMap((s) =>
      s.id === null
        ? []
        : [{
            stageId: s.id,
            name: stageDisplayName(s, principal.organization.locale),
            color: s.color!,
            kind: s.stageKind!,
            count: num(s.count),
            estimatedValue: num(s.value),
          }],
    ),
    withoutStage: { count: num(none?.count), estimatedValue: num(none?.value) },
  };
}
