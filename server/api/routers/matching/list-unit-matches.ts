import { protectedProcedure } from "../../trpc";
import { listUnitMatches } from "../../../matching/unit-matches";
import { listUnitMatchesInput, listUnitMatchesMeta, listUnitMatchesOutput } from "./list-unit-matches.types";

export const listUnitMatchesProcedure = protectedProcedure
  .meta(listUnitMatchesMeta)
  .input(listUnitMatchesInput)
  .output(listUnitMatchesOutput)
  .query(({ ctx, input }) => listUnitMatches(ctx, input.projectId, input.unitId, input.limit));
