import { protectedProcedure } from "../../trpc";
import { simulateRotation } from "../../../round-robin/simulate-rotation";
import { toWire } from "./round-robin.types";
import { simulateRotationInput, simulateRotationMeta, simulateRotationOutput } from "./simulate-rotation.types";

export const simulateRotationProcedure = protectedProcedure
  .meta(simulateRotationMeta)
  .input(simulateRotationInput)
  .output(simulateRotationOutput)
  .mutation(async ({ ctx, input }) => {
    const result = await simulateRotation(ctx, input.roundRobinId, { count: input.count, at: input.at ? new Date(input.at) : undefined });
    return toWire(result);
  });
