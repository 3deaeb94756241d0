import { sendWhatsAppMessage } from "../../../messaging/send/send-message";
import { protectedProcedure } from "../../trpc";
import { sendMessageInput, sendMessageMeta, sendMessageOutput } from "./send-message.types";

export const sendMessageProcedure = protectedProcedure
  .meta(sendMessageMeta)
  .input(sendMessageInput)
  .output(sendMessageOutput)
  .mutation(({ ctx, input }) =>
    sendWhatsAppMessage(ctx, {
      senderId: input.senderId,
      recipient: input.leadId !== undefined ? { leadId: input.leadId } : { to: input.to ?? "" },
      content: input.template !== undefined ? { type: "template", template: input.template } : { type: "text", text: input.text ?? "" },
    }),
  );
