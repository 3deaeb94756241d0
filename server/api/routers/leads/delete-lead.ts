import { protectedProcedure } from "../../trpc";
import { deleteLead } from "../../../leads/delete-lead";
import { deleteLeadInput, deleteLeadMeta, deleteLeadOutput } from "./delete-lead.types";

export const deleteLeadProcedure = protectedProcedure
  .meta(deleteLeadMeta)
  .input(deleteLeadInput)
  .output(deleteLeadOutput)
  .mutation(({ ctx, input }) => deleteLead({ db: ctx.db, principal: ctx.principal }, input.leadId));
