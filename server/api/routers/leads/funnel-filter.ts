import { ApiError } from "../../../errors/api-error";
import type { HomePeriod } from "../../../home/home-period-names";
import type { ProjectFunnelFilter } from "../../../leads/list-leads";
import type { FunnelStage } from "../../../projects/funnel/funnel-stage-names";

/** The list's funnel parameters as the domain's filter: a project and a stage go together (400 naming the missing one). */
export function projectFunnelFilterOf(input: {
  funnelProjectId?: string;
  funnelStage?: FunnelStage;
  funnelPeriod: HomePeriod;
}): ProjectFunnelFilter | undefined {
  const { funnelProjectId: projectId, funnelStage: stage, funnelPeriod: period } = input;
  if (projectId === undefined && stage === undefined) return undefined;
  if (projectId === undefined) throw ApiError.invalid([{ path: "funnelProjectId", reason: "validation.funnelNeedsProject" }]);
  if (stage === undefined) throw ApiError.invalid([{ path: "funnelStage", reason: "validation.funnelNeedsProject" }]);
  return { projectId, stage, period };
}
