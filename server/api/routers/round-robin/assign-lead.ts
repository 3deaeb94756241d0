import { protectedProcedure } from "../../trpc";
import { assignLead } from "../../../round-robin/assign-lead";
import { assignLeadInput, assignLeadMeta, assignLeadOutput } from "./assign-lead.types";

export const assignLeadProcedure = protectedProcedure
  .meta(assignLeadMeta)
  .input(assignLeadInput)
  .output(assignLeadOutput)
  .mutation(({ ctx, input }) => assignLead(ctx, input.leadId, input.source));
