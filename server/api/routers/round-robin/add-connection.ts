import { protectedProcedure } from "../../trpc";
import { addConnection } from "../../../round-robin/pool-connections";
import { addConnectionInput, addConnectionMeta, addConnectionOutput } from "./add-connection.types";
import { toWire } from "./round-robin.types";

export const addConnectionProcedure = protectedProcedure
  .meta(addConnectionMeta)
  .input(addConnectionInput)
  .output(addConnectionOutput)
  .mutation(async ({ ctx, input }) => {
    const { roundRobinId, connection, ...flat } = input;
    return toWire(await addConnection(ctx, roundRobinId, connection ?? flat));
  });
