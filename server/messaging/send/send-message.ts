import type { DomainContext } from "../../domain-context";
import { refuseInSandbox } from "../../organizations/sandbox-guard";
import { logger } from "../../system/logger";
import type { MessageRepresentation } from "../messages/message-representation";
import { ApiError } from "../../errors/api-error";
import { canonicalE164, digitsOf } from "../../phones/phone-number";
import { serviceWindowOpenUntil } from "../conversation/service-window";
import { sendFailure } from "../provider-failure";
import { MessagingProviderError, type OutboundContent } from "../providers/messaging-provider";
import { messagingProvider } from "../providers/provider";
import { markSenderNeedsReconnect, openSenderCredentials } from "../senders/sender-credentials";
import { resolveSender } from "../senders/resolve-sender";
import { requireWhatsAppSettings } from "../whatsapp-settings";
import { recordOutboundMessage } from "./record-outbound";
import { resolveRecipient, type SendRecipient } from "./resolve-recipient";
import { waitForSendSlot } from "./send-pacing";

export interface SendMessageRequest {
  senderId?: string;
  recipient: SendRecipient;
  content: OutboundContent;
}

/**
 * Sends one WhatsApp message, synchronously: the recipient (a lead's phone or
 * a number) and the sender are resolved, free text is refused outside the
 * contact's 24-hour window (only templates reach them then), the send waits
 * for its slot under Meta's throughput and pair limits (send-pacing.ts), the
 * provider is called once (bounded by WHATSAPP_TIMEOUT_MS, outside any
 * transaction), and only an accepted message is recorded. A refusal records nothing; a refused token marks the
 * sender as needing reconnection.
 */
export async function sendWhatsAppMessage(ctx: DomainContext, request: SendMessageRequest): Promise<MessageRepresentation> {
  refuseInSandbox(ctx.principal.organization, "WhatsApp");
  const recipient = await resolveRecipient(ctx, request.recipient);
  const sender = await resolveSender(ctx, request.senderId);
  const settings = requireWhatsAppSettings();
  const credentials = openSenderCredentials(sender);
  const toDigits = digitsOf(recipient.phone);
  if (request.content.type === "text" && !(await serviceWindowOpenUntil(ctx.db, ctx.principal.organizationId, sender.id, recipient.phone))) {
    // WhatsApp would accept it and then report it failed (131047): say so now instead.
    throw new ApiError("BAD_REQUEST", "messaging.windowClosed");
  }
  await waitForSendSlot(ctx.db, sender.id, digitsOf(canonicalE164(recipient.phone)));
  let sent;
  try {
    sent = await messagingProvider(settings).send(credentials, toDigits, request.content);
  } catch (error) {
    if (!(error instanceof MessagingProviderError)) throw error;
    if (error.kind === "auth" || error.kind === "not_found") await markSenderNeedsReconnect(ctx.db, sender, error);
    logger.info("messaging.send_refused", { senderId: sender.id, kind: error.kind, code: error.code });
    throw sendFailure(error, sender.displayPhoneNumber, request.content.type, settings.timeoutMs);
  }
  try {
    return await recordOutboundMessage(ctx, {
      senderId: sender.id,
      leadId: recipient.leadId,
      contactDigits: sent.contactDigits ?? toDigits,
      content: request.content,
      sent,
    });
  } catch (error) {
    // WhatsApp has the message; only our record of it failed. Say which one, for whoever reconciles.
    logger.error("messaging.record_failed", { senderId: sender.id, providerMessageId: sent.providerMessageId, error });
    throw error;
  }
}
