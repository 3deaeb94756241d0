import { protectedProcedure } from "../../trpc";
import { listUnits } from "../../../projects/list-units";
import { listUnitsInput, listUnitsMeta, listUnitsOutput } from "./list-units.types";

export const listUnitsProcedure = protectedProcedure
  .meta(listUnitsMeta)
  .input(listUnitsInput)
  .output(listUnitsOutput)
  .query(({ ctx, input }) => listUnits(ctx, input.projectId));
