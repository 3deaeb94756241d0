import { createTRPCRouter } from "../../trpc";
import { connectSenderProcedure } from "./connect-sender";
import { disconnectSenderProcedure } from "./disconnect-sender";
import { getMessageProcedure } from "./get-message";
import { getMessagingSettingsProcedure } from "./get-messaging-settings";
import { leadConversationProcedure } from "./lead-conversation";
import { listSendersProcedure } from "./list-senders";
import { listTemplatesProcedure } from "./list-templates";
import { sendMessageProcedure } from "./send-message";
import { createLeadFromUnmatchedProcedure, listUnmatchedProcedure } from "./unmatched-conversations";

/** WhatsApp messaging: the API's senders, send and message status; the dashboard's conversation, templates and Settings. */
export const messagingRouter = createTRPCRouter({
  senders: listSendersProcedure,
  send: sendMessageProcedure,
  message: getMessageProcedure,
  conversation: leadConversationProcedure,
  templates: listTemplatesProcedure,
  settings: getMessagingSettingsProcedure,
  connectSender: connectSenderProcedure,
  disconnectSender: disconnectSenderProcedure,
  unmatched: listUnmatchedProcedure,
  createLeadFromUnmatched: createLeadFromUnmatchedProcedure,
});
