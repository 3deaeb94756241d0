import { protectedProcedure } from "../../trpc";
import { createUnit } from "../../../projects/create-unit";
import { createUnitInput, createUnitMeta, createUnitOutput } from "./create-unit.types";

export const createUnitProcedure = protectedProcedure
  .meta(createUnitMeta)
  .input(createUnitInput)
  .output(createUnitOutput)
  .mutation(({ ctx, input: { projectId, ...unit } }) => createUnit(ctx, projectId, unit));
