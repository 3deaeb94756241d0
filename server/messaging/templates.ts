import type { DomainContext } from "../domain-context";
import { senderCallFailure } from "./provider-failure";
import { MessagingProviderError, type MessageTemplate } from "./providers/messaging-provider";
import { messagingProvider } from "./providers/provider";
import { markSenderNeedsReconnect, openSenderCredentials } from "./senders/sender-credentials";
import { resolveSender } from "./senders/resolve-sender";
import { requireWhatsAppSettings } from "./whatsapp-settings";

/** The approved templates of a sender's business account, read from the provider each time (they are approved there). */
export async function listWhatsAppTemplates(ctx: DomainContext, senderId: string | undefined): Promise<MessageTemplate[]> {
  const sender = await resolveSender(ctx, senderId);
  const settings = requireWhatsAppSettings();
  const credentials = openSenderCredentials(sender);
  try {
    return await messagingProvider(settings).listTemplates(credentials);
  } catch (error) {
    if (!(error instanceof MessagingProviderError)) throw error;
    if (error.kind === "auth" || error.kind === "not_found") await markSenderNeedsReconnect(ctx.db, sender, error);
    throw senderCallFailure(error, sender.displayPhoneNumber);
  }
}
