import { protectedProcedure } from "../../trpc";
import { pageOf } from "../../schemas/pagination";
import { listLeads } from "../../../leads/list-leads";
import { listLeadsInput, listLeadsMeta, listLeadsOutput } from "./list-leads.types";

export const listLeadsProcedure = protectedProcedure
  .meta(listLeadsMeta)
  .input(listLeadsInput)
  .output(listLeadsOutput)
  .query(async ({ ctx, input }) => pageOf(await listLeads(ctx, input), input));
