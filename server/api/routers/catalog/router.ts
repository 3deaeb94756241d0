import { createTRPCRouter } from "../../trpc";
import { listLeadSourcesProcedure } from "./list-lead-sources";
import { listPipelineStagesProcedure } from "./list-pipeline-stages";

/** Read-only lookups for building lead forms: the lead source catalog and the pipeline. */
export const catalogRouter = createTRPCRouter({
  leadSources: listLeadSourcesProcedure,
  pipelineStages: listPipelineStagesProcedure,
});
