import { protectedProcedure } from "../../trpc";
import { updateLead } from "../../../leads/update-lead";
import { updateLeadInput, updateLeadMeta, updateLeadOutput } from "./update-lead.types";

export const updateLeadProcedure = protectedProcedure
  .meta(updateLeadMeta)
  .input(updateLeadInput)
  .output(updateLeadOutput)
  .mutation(({ ctx, input }) => {
    const { leadId, ...patch } = input;
    return updateLead({ db: ctx.db, principal: ctx.principal }, leadId, patch);
  });
