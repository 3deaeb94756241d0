import { protectedProcedure } from "../../trpc";
import { deleteConnection } from "../../../round-robin/pool-connections";
import { deleteConnectionInput, deleteConnectionMeta, deleteConnectionOutput } from "./delete-connection.types";

export const deleteConnectionProcedure = protectedProcedure
  .meta(deleteConnectionMeta)
  .input(deleteConnectionInput)
  .output(deleteConnectionOutput)
  .mutation(({ ctx, input }) => deleteConnection(ctx, input.roundRobinId, input.connectionId));
