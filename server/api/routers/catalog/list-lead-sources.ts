import { protectedProcedure } from "../../trpc";
import { leadSourceCatalog } from "../../../leads/lead-source";
import { listLeadSourcesInput, listLeadSourcesMeta, listLeadSourcesOutput } from "./list-lead-sources.types";

export const listLeadSourcesProcedure = protectedProcedure
  .meta(listLeadSourcesMeta)
  .input(listLeadSourcesInput)
  .output(listLeadSourcesOutput)
  .query(() => ({ data: leadSourceCatalog() }));
