import { protectedProcedure } from "../../trpc";
import { deleteLead } from "../../../leads/delete-lead";
import { deleteLeadInput, deleteLeadMeta, deleteLeadOutput } from "./delete-lead.types";

export const deleteLeadProcedure = protectedProcedure
  .meta(deleteLeadMeta)
  .input(deleteLeadInput)
  .output(deleteLeadOutput)
  .mutation(({ ctx, input }) => deleteLead(ctx, input.leadId));
