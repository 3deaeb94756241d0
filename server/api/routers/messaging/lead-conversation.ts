import { leadConversation } from "../../../messaging/conversation/lead-conversation";
import { ANY_ROLE } from "../../../auth/roles";
import { protectedProcedure } from "../../trpc";
import { leadConversationInput, leadConversationOutput } from "./lead-conversation.types";

/** The WhatsApp card on the lead page (dashboard only): the conversation both ways, with delivery states. */
export const leadConversationProcedure = protectedProcedure
  .meta({ scope: "leads:read", roles: ANY_ROLE })
  .input(leadConversationInput)
  .output(leadConversationOutput)
  .query(({ ctx, input }) => leadConversation(ctx, input.leadId, input.limit));
