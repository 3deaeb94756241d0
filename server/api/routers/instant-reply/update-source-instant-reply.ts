import { protectedProcedure } from "../../trpc";
import { updateReplySettings } from "../../../instant-reply/reply-settings";
import {
  updateSourceInstantReplyInput,
  updateSourceInstantReplyMeta,
  updateSourceInstantReplyOutput,
} from "./update-source-instant-reply.types";

export const updateSourceInstantReplyProcedure = protectedProcedure
  .meta(updateSourceInstantReplyMeta)
  .input(updateSourceInstantReplyInput)
  .output(updateSourceInstantReplyOutput)
  .mutation(async ({ ctx, input: { source, ...changes } }) => {
    const { scope: _scope, ...view } = await updateReplySettings(ctx, { source }, changes);
    return { source, ...view };
  });
