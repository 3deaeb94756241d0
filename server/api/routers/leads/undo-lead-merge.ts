import { protectedProcedure } from "../../trpc";
import { undoMerge } from "../../../leads/merge/undo-merge";
import { undoLeadMergeInput, undoLeadMergeMeta, undoLeadMergeOutput } from "./merge-leads.types";

export const undoLeadMergeProcedure = protectedProcedure
  .meta(undoLeadMergeMeta)
  .input(undoLeadMergeInput)
  .output(undoLeadMergeOutput)
  .mutation(({ ctx, input }) => undoMerge(ctx, input.leadId, input.mergeId));
