import { protectedProcedure } from "../../trpc";
import { updateUnit } from "../../../projects/update-unit";
import { updateUnitInput, updateUnitMeta, updateUnitOutput } from "./update-unit.types";

export const updateUnitProcedure = protectedProcedure
  .meta(updateUnitMeta)
  .input(updateUnitInput)
  .output(updateUnitOutput)
  .mutation(({ ctx, input: { projectId, unitId, ...changes } }) =>
    updateUnit(ctx, projectId, unitId, changes),
  );
