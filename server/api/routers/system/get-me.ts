import { protectedProcedure } from "../../trpc";
import { describeCaller } from "../../../auth/describe-caller";
import { getMeInput, getMeMeta, getMeOutput } from "./get-me.types";

export const getMeProcedure = protectedProcedure
  .meta(getMeMeta)
  .input(getMeInput)
  .output(getMeOutput)
  .query(({ ctx }) => describeCaller(ctx.principal));
