import { protectedProcedure } from "../../trpc";
import { createPool } from "../../../round-robin/write-pool";
import { createPoolInput, createPoolMeta, createPoolOutput } from "./create-pool.types";
import { toWire } from "./round-robin.types";

export const createPoolProcedure = protectedProcedure
  .meta(createPoolMeta)
  .input(createPoolInput)
  .output(createPoolOutput)
  .mutation(async ({ ctx, input }) => toWire(await createPool(ctx, input)));
