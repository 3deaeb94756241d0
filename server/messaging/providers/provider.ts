import type { WhatsAppSettings } from "../whatsapp-settings";
import { createGraphProvider } from "./graph-provider";
import type { MessagingProvider } from "./messaging-provider";

/** The provider for the current settings: WhatsApp over Graph, at WHATSAPP_GRAPH_BASE_URL (a loopback fake in tests). */
export function messagingProvider(settings: WhatsAppSettings): MessagingProvider {
  return createGraphProvider(settings);
}
