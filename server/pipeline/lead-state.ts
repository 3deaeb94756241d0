import type { DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import type { MessageKey, MessageParams } from "../i18n/messages";
import { LEAD_STATUSES, type LeadStatus } from "../leads/lead-enums";

/** A stage as the lead-state rule needs it. */
export interface PipelineStageState {
  id: string;
  name: string | null;
  order: number;
  stageKind: "open" | "won" | "lost";
  systemKey: string | null;
}

/** Where a lead stands: its stage, and the status that stage stands for. */
export interface LeadState {
  stageId: string | null;
  status: LeadStatus;
}

const isLeadStatus = (value: string | null): value is LeadStatus => value !== null && (LEAD_STATUSES as readonly string[]).includes(value);

/**
 * The status a stage stands for. The stage is what a lead is in (what people
 * move on the board); the status is what that stage means, so the two can
 * never disagree:
 * - a stage whose `systemKey` is a status (the default pipeline) stands for it;
 * - another won or lost stage stands for `won` or `lost`;
 * - another open stage stands for the status of the nearest stage with a
 *   status key before it in the pipeline ("Visit booked" after "Contacted"
 *   reads as contacted), or `new` when there is none.
 */
export function statusOfStage(stage: PipelineStageState, pipeline: readonly PipelineStageState[]): LeadStatus {
  if (isLeadStatus(stage.systemKey)) return stage.systemKey;
  if (stage.stageKind === "won") return "won";
  if (stage.stageKind === "lost") return "lost";
  const before = pipeline
    .filter((candidate) => candidate.stageKind === "open" && candidate.order < stage.order && isLeadStatus(candidate.systemKey))
    .sort((a, b) => b.order - a.order)[0];
  return before && isLeadStatus(before.systemKey) ? before.systemKey : "new";
}

/** The stage that stands for a status: the one whose `systemKey` is that status. */
export function stageOfStatus(status: LeadStatus, pipeline: readonly PipelineStageState[]): PipelineStageState | undefined {
  return pipeline.find((stage) => stage.systemKey === status);
}

/**
 * The organization's stages in pipeline order (order, then age, then id) as
 * one JSON array of `PipelineStageState`, as an SQL expression: `loadPipeline`
 * runs it alone, a lead create folds it into its one read of the
 * organization's settings (server/leads/new-lead-settings.ts).
 */
export function pipelineJson(organizationId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT coalesce(json_agg(json_build_object(
      'id', s."id", 'name', s."name", 'order', s."order", 'stageKind', s."stageKind", 'systemKey', s."systemKey"
    ) ORDER BY s."order", s."createdAt", s."id"), '[]'::json)
    FROM "PipelineStage" s WHERE s."organizationId" = ${organizationId})`;
}

export async function loadPipeline(tx: DbTx, organizationId: string): Promise<PipelineStageState[]> {
  const [row] = await tx.$queryRaw<{ pipeline: PipelineStageState[] }[]>`SELECT ${pipelineJson(Prisma.sql`${organizationId}::uuid`)} AS "pipeline"`;
  return row?.pipeline ?? [];
}

function refuse(path: "status" | "stageId", reason: MessageKey, params?: MessageParams): never {
  throw ApiError.invalid([{ path, reason, params }]);
}

/**
 * Where a lead stands after a create (`before` null) or an update, given the
 * `status` and `stageId` the request sent. One rule for every door and job
 * (docs/decisions.md, "One lead state"):
 * - a field counts as sent only when it differs from the stored value, so a
 *   lead read with GET, edited and sent back is never refused;
 * - a new stage moves the lead and sets the status that stage stands for;
 * - a new status moves the lead to the stage that stands for it;
 * - both new and disagreeing: 400, naming both;
 * - `stageId: null` on an update is refused: a lead is always in a stage;
 * - a new lead sent with neither lands in the stage of `new`.
 * The stage id must already have been checked to be this organization's
 * (lead-references.ts); `stageName` in messages is the stored name or key.
 */
export function resolveLeadState(
  tx: DbTx,
  organizationId: string,
  before: LeadState | null,
  sent: { status?: LeadStatus; stageId?: string | null },
): Promise<LeadState> {
  return resolveLeadStateIn(() => loadPipeline(tx, organizationId), before, sent);
}

/** The same rule with the pipeline from `pipelineOf` (read only when the rule needs it): a create passes the one it read with its settings. */
export async function resolveLeadStateIn(
  pipelineOf: () => Promise<readonly PipelineStageState[]>,
  before: LeadState | null,
  sent: { status?: LeadStatus; stageId?: string | null },
): Promise<LeadState> {
  if (before !== null && sent.stageId === null) {
    refuse("stageId", "validation.alwaysInAStage");
  }
  const stageSent = sent.stageId != null && sent.stageId !== before?.stageId ? sent.stageId : undefined;
  const statusSent = sent.status !== undefined && sent.status !== before?.status ? sent.status : undefined;
  if (before !== null && stageSent === undefined && statusSent === undefined) return { stageId: before.stageId, status: before.status };

  const pipeline = await pipelineOf();
  if (stageSent !== undefined) {
    const stage = pipeline.find((candidate) => candidate.id === stageSent);
    if (!stage) refuse("stageId", "validation.notAStage");
    const status = statusOfStage(stage, pipeline);
    if (statusSent !== undefined && statusSent !== status) {
      refuse("status", "validation.stageStandsFor", { status, sent: statusSent });
    }
    return { stageId: stage.id, status };
  }
  const status = statusSent ?? "new";
  const stage = stageOfStatus(status, pipeline);
  // An organization without a pipeline (none is created without one) keeps the status alone.
  if (!stage) return pipeline.length === 0 ? { stageId: null, status } : refuse("status", "validation.noStageForStatus", { status });
  return { stageId: stage.id, status };
}
