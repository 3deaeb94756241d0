import { protectedProcedure } from "../../trpc";
import { getReplySettings } from "../../../instant-reply/reply-settings";
import { getPoolInstantReplyMeta, poolInstantReplyInput, poolInstantReplyOutput } from "./get-pool-instant-reply.types";

export const getPoolInstantReplyProcedure = protectedProcedure
  .meta(getPoolInstantReplyMeta)
  .input(poolInstantReplyInput)
  .output(poolInstantReplyOutput)
  .query(async ({ ctx, input }) => {
    const { scope: _scope, ...view } = await getReplySettings(ctx, { roundRobinId: input.roundRobinId });
    return { roundRobinId: input.roundRobinId, ...view };
  });
