import { protectedProcedure } from "../../trpc";
import { getLead } from "../../../leads/get-lead";
import { getLeadInput, getLeadMeta, getLeadOutput } from "./get-lead.types";

export const getLeadProcedure = protectedProcedure
  .meta(getLeadMeta)
  .input(getLeadInput)
  .output(getLeadOutput)
  .query(({ ctx, input }) => getLead(ctx, input.leadId));
