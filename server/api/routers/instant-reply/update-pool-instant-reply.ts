import { protectedProcedure } from "../../trpc";
import { updateReplySettings } from "../../../instant-reply/reply-settings";
import { poolInstantReplyOutput } from "./get-pool-instant-reply.types";
import { updatePoolInstantReplyInput, updatePoolInstantReplyMeta } from "./update-pool-instant-reply.types";

export const updatePoolInstantReplyProcedure = protectedProcedure
  .meta(updatePoolInstantReplyMeta)
  .input(updatePoolInstantReplyInput)
  .output(poolInstantReplyOutput)
  .mutation(async ({ ctx, input: { roundRobinId, ...changes } }) => {
    const { scope: _scope, ...view } = await updateReplySettings(ctx, { roundRobinId }, changes);
    return { roundRobinId, ...view };
  });
