import { protectedProcedure } from "../../trpc";
import { getPool } from "../../../round-robin/read-pool";
import { getPoolInput, getPoolMeta, getPoolOutput } from "./get-pool.types";
import { toWire } from "./round-robin.types";

export const getPoolProcedure = protectedProcedure
  .meta(getPoolMeta)
  .input(getPoolInput)
  .output(getPoolOutput)
  .query(async ({ ctx, input }) => toWire(await getPool(ctx, input.roundRobinId)));
