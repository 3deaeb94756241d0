import { protectedProcedure } from "../../trpc";
import { searchLeads } from "../../../leads/search-leads";
import { searchLeadsInput, searchLeadsMeta, searchLeadsOutput } from "./search-leads.types";

export const searchLeadsProcedure = protectedProcedure
  .meta(searchLeadsMeta)
  .input(searchLeadsInput)
  .output(searchLeadsOutput)
  .query(({ ctx, input }) => searchLeads(ctx, input));
