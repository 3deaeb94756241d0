import { getWhatsAppMessage } from "../../../messaging/messages/get-message";
import { protectedProcedure } from "../../trpc";
import { getMessageInput, getMessageMeta, getMessageOutput } from "./get-message.types";

export const getMessageProcedure = protectedProcedure
  .meta(getMessageMeta)
  .input(getMessageInput)
  .output(getMessageOutput)
  .query(({ ctx, input }) => getWhatsAppMessage(ctx, input.messageId));
