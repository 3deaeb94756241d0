import { protectedProcedure } from "../../trpc";
import { deletePool } from "../../../round-robin/write-pool";
import { deletePoolInput, deletePoolMeta, deletePoolOutput } from "./delete-pool.types";

export const deletePoolProcedure = protectedProcedure
  .meta(deletePoolMeta)
  .input(deletePoolInput)
  .output(deletePoolOutput)
  .mutation(({ ctx, input }) => deletePool(ctx, input.roundRobinId));
