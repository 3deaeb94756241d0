import { protectedProcedure } from "../../trpc";
import { updateLead } from "../../../leads/update-lead";
import { updateLeadInput, updateLeadMeta, updateLeadOutput } from "./update-lead.types";

export const updateLeadProcedure = protectedProcedure
  .meta(updateLeadMeta)
  .input(updateLeadInput)
  .output(updateLeadOutput)
  .mutation(({ ctx, input: { leadId, ...patch } }) => updateLead(ctx, leadId, patch));
