import { protectedProcedure } from "../../trpc";
import { listLeadMatches } from "../../../matching/lead-matches";
import { listLeadMatchesInput, listLeadMatchesMeta, listLeadMatchesOutput } from "./list-lead-matches.types";

export const listLeadMatchesProcedure = protectedProcedure
  .meta(listLeadMatchesMeta)
  .input(listLeadMatchesInput)
  .output(listLeadMatchesOutput)
  .query(({ ctx, input }) => listLeadMatches(ctx, input.leadId, input.limit));
