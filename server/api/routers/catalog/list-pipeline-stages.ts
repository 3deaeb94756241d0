import { protectedProcedure } from "../../trpc";
import { listStages } from "../../../pipeline/list-stages";
import { listPipelineStagesInput, listPipelineStagesMeta, listPipelineStagesOutput } from "./list-pipeline-stages.types";

export const listPipelineStagesProcedure = protectedProcedure
  .meta(listPipelineStagesMeta)
  .input(listPipelineStagesInput)
  .output(listPipelineStagesOutput)
  .query(async ({ ctx }) => ({ data: await listStages(ctx) }));
