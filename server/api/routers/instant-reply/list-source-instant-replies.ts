import { protectedProcedure } from "../../trpc";
import { listSourceReplySettings } from "../../../instant-reply/reply-settings";
import { listSourceInstantRepliesInput, listSourceInstantRepliesMeta, listSourceInstantRepliesOutput } from "./list-source-instant-replies.types";

export const listSourceInstantRepliesProcedure = protectedProcedure
  .meta(listSourceInstantRepliesMeta)
  .input(listSourceInstantRepliesInput)
  .output(listSourceInstantRepliesOutput)
  .query(({ ctx }) => listSourceReplySettings(ctx));
