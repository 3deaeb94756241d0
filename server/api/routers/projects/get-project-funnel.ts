import { protectedProcedure } from "../../trpc";
import { projectFunnel } from "../../../projects/funnel/project-funnel";
import { getProjectFunnelInput, getProjectFunnelMeta, getProjectFunnelOutput } from "./get-project-funnel.types";

export const getProjectFunnelProcedure = protectedProcedure
  .meta(getProjectFunnelMeta)
  .input(getProjectFunnelInput)
  .output(getProjectFunnelOutput)
  .query(({ ctx, input }) => projectFunnel(ctx, input.projectId, { period: input.period }));
