import { ApiError } from "../errors/api-error";

/**
 * How this server talks to the WhatsApp Cloud API (Meta's Graph API), read
 * from the environment on every use so tests and operators can change it
 * without a restart of the code that reads it:
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

export const DEFAULT_GRAPH_BASE_URL = "https://graph.facebook.com";
/** Graph API versions live about two years; v24.0 (October 2025) is supported until late 2027. */
export const DEFAULT_GRAPH_VERSION = "v24.0";
export const DEFAULT_WHATSAPP_TIMEOUT_MS = 10_000;
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
  const appSecret = process.env.WHATSAPP_APP_SECRET?.trim();
  const verifyToken = process.env.WHATSAPP_VERIFY_TOKEN?.trim();
  if (!appSecret || !verifyToken) return null;
  const timeout = Number(process.env.WHATSAPP_TIMEOUT_MS);
  return {
    graphBaseUrl: (process.env.WHATSAPP_GRAPH_BASE_URL?.trim() || DEFAULT_GRAPH_BASE_URL).replace(/\/+$/, ""),
    graphVersion: process.env.WHATSAPP_GRAPH_VERSION?.trim() || DEFAULT_GRAPH_VERSION,
    appSecret,
    verifyToken,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_WHATSAPP_TIMEOUT_MS,
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
  try {
    return new URL(WHATSAPP_WEBHOOK_PATH, process.env.NEXTAUTH_URL).toString();
  } catch {
    return null;
  }
}
