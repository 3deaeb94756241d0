import { protectedProcedure } from "../../trpc";
import { listLeads } from "../../../leads/list-leads";
import { listLeadsInput, listLeadsMeta, listLeadsOutput } from "./list-leads.types";

export const listLeadsProcedure = protectedProcedure
  .meta(listLeadsMeta)
  .input(listLeadsInput)
  .output(listLeadsOutput)
  .query(({ ctx, input }) => listLeads({ db: ctx.db, principal: ctx.principal }, input));
