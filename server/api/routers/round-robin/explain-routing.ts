import { protectedProcedure } from "../../trpc";
import { explainRouting } from "../../../round-robin/explain-routing";
import { explainRoutingInput, explainRoutingMeta, explainRoutingOutput } from "./explain-routing.types";

export const explainRoutingProcedure = protectedProcedure
  .meta(explainRoutingMeta)
  .input(explainRoutingInput)
  .output(explainRoutingOutput)
  .mutation(({ ctx, input }) => {
    const { roundRobinId, ...lead } = input;
    return explainRouting(ctx, roundRobinId, lead);
  });
