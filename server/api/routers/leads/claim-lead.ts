import { protectedProcedure } from "../../trpc";
import { claimLead } from "../../../round-robin/claim-lead";
import { claimLeadInput, claimLeadMeta, claimLeadOutput } from "./claim-lead.types";

export const claimLeadProcedure = protectedProcedure
  .meta(claimLeadMeta)
  .input(claimLeadInput)
  .output(claimLeadOutput)
  .mutation(({ ctx, input }) => claimLead(ctx, input.leadId));
