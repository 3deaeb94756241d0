import { protectedProcedure } from "../../trpc";
import { updatePool } from "../../../round-robin/write-pool";
import { updatePoolInput, updatePoolMeta, updatePoolOutput } from "./update-pool.types";

export const updatePoolProcedure = protectedProcedure
  .meta(updatePoolMeta)
  .input(updatePoolInput)
  .output(updatePoolOutput)
  .mutation(async ({ ctx, input }) => {
    const { roundRobinId, ...changes } = input;
    await updatePool(ctx, roundRobinId, changes);
    return { success: true as const };
  });
