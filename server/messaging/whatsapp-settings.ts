import { config } from "../config/config";
import { ApiError } from "../errors/api-error";

/**
 * How this server talks to the WhatsApp Cloud API (Meta's Graph API), from
 * the configuration (server/config):
 *
 * - `WHATSAPP_APP_SECRET`: the Meta app's secret; status callbacks and inbound
 *   messages are verified with it (`X-Hub-Signature-256`).
 * - `WHATSAPP_VERIFY_TOKEN`: the token Meta echoes when the webhook URL is
 *   registered (the GET handshake).
 * - `WHATSAPP_GRAPH_BASE_URL` (default `https://graph.facebook.com`) and
 *   `WHATSAPP_GRAPH_VERSION` (pinned, default `v24.0`): where the Graph API is.
 * - `WHATSAPP_TIMEOUT_MS` (default 10,000): the longest we wait for one Graph call.
 *
 * Without the secret and the verify token the integration is "not
 * configured": delivery statuses and replies could never arrive, so
 * connecting and sending are refused with that reason, and Settings says so.
 */
export interface WhatsAppSettings {
  graphBaseUrl: string;
  graphVersion: string;
  appSecret: string;
  verifyToken: string;
  timeoutMs: number;
}

/**
 * The Meta app settings inmo needs, defined once (the README's WhatsApp
 * section is checked against these lists): the webhook fields to subscribe
 * (statuses and replies both arrive on `messages`) and the permissions the
 * system user's token must carry (sending; reading the account's numbers and
 * templates and subscribing the app to it).
 */
export const META_WEBHOOK_FIELDS = ["messages"] as const;
export const META_TOKEN_PERMISSIONS = ["whatsapp_business_messaging", "whatsapp_business_management"] as const;

/** Where Meta posts status callbacks and inbound messages (outside /api/v1: it is not an API of ours). */
export const WHATSAPP_WEBHOOK_PATH = "/api/integrations/whatsapp/webhook";

export function whatsAppSettings(): WhatsAppSettings | null {
  const settings = config();
  const appSecret = settings.WHATSAPP_APP_SECRET;
  const verifyToken = settings.WHATSAPP_VERIFY_TOKEN;
  if (!appSecret || !verifyToken) return null;
  return {
    graphBaseUrl: settings.WHATSAPP_GRAPH_BASE_URL.replace(/\/+$/, ""),
    graphVersion: settings.WHATSAPP_GRAPH_VERSION,
    appSecret,
    verifyToken,
    timeoutMs: settings.WHATSAPP_TIMEOUT_MS,
  };
}

/** The settings, or the contract's refusal saying the integration is not configured (never a pretended success). */
export function requireWhatsAppSettings(): WhatsAppSettings {
  const settings = whatsAppSettings();
  if (!settings) throw new ApiError("BAD_REQUEST", "messaging.notConfigured");
  return settings;
}

/** The callback URL to register at Meta, from the app's public origin (NEXTAUTH_URL). */
export function whatsAppWebhookUrl(): string | null {
  const origin = config().NEXTAUTH_URL;
  return origin ? new URL(WHATSAPP_WEBHOOK_PATH, origin).toString() : null;
}
