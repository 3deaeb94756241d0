import { protectedProcedure } from "../../trpc";
import { ApiError } from "../../../errors/api-error";
import { mergeLeads } from "../../../leads/merge/merge-leads";
import { mergeLeadsInput, mergeLeadsMeta, mergeLeadsOutput } from "./merge-leads.types";

export const mergeLeadsProcedure = protectedProcedure
  .meta(mergeLeadsMeta)
  .input(mergeLeadsInput)
  .output(mergeLeadsOutput)
  .mutation(({ ctx, input }) => {
    if (input.duplicateIds.includes(input.leadId)) throw ApiError.invalid([{ path: "duplicateIds", reason: "validation.mergeSelf" }]);
    return mergeLeads(ctx, input.leadId, { duplicateIds: input.duplicateIds, fields: input.fields });
  });
