import { protectedProcedure } from "../../trpc";
import { listDuplicates } from "../../../leads/duplicates/list-duplicates";
import { listLeadDuplicatesInput, listLeadDuplicatesMeta, listLeadDuplicatesOutput } from "./list-lead-duplicates.types";

export const listLeadDuplicatesProcedure = protectedProcedure
  .meta(listLeadDuplicatesMeta)
  .input(listLeadDuplicatesInput)
  .output(listLeadDuplicatesOutput)
  .query(async ({ ctx, input }) => ({ data: await listDuplicates(ctx, input.leadId) }));
