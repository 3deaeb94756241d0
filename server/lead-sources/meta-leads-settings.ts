import { config } from "../config/config";
import { ApiError } from "../errors/api-error";

/**
 * How this server reads ad-platform lead forms (Meta Lead Ads), from the
 * configuration (server/config):
 *
 * - `META_APP_ID`: the Meta app whose Webhooks product (object Page, field
 *   `leadgen`) posts new leads to us; each connected page installs it.
 * - `META_APP_SECRET`: that app's secret; every notification is verified
 *   with it (`X-Hub-Signature-256` over the raw body).
 * - `META_LEADS_VERIFY_TOKEN`: the token Meta echoes when the callback URL is
 *   registered (the GET handshake).
 * - The Graph API's location, version and timeout are WhatsApp's settings
 *   (`WHATSAPP_GRAPH_BASE_URL`, `WHATSAPP_GRAPH_VERSION`, `WHATSAPP_TIMEOUT_MS`): one API.
 *
 * Without all three the integration is "not configured": no notification
 * could ever be verified, so connecting a page is refused with that reason
 * and Settings → Lead sources says so.
 */
export interface MetaLeadsSettings {
  appId: string;
  appSecret: string;
  verifyToken: string;
  graphBaseUrl: string;
  graphVersion: string;
  timeoutMs: number;
}

/**
 * What the page access token must carry, from Meta's "Retrieving Leads" and
 * "Webhooks for Leads" documents: reading leads (`leads_retrieval`), installing
 * the app on the page for `leadgen` (`pages_manage_metadata`), listing and
 * reading the page (`pages_show_list`, `pages_read_engagement`), and the ad
 * ids on each lead (`ads_management`). The README's Meta Lead Ads section is checked against it.
 */
export const META_LEADS_PERMISSIONS = ["leads_retrieval", "pages_manage_metadata", "pages_show_list", "pages_read_engagement", "ads_management"] as const;
export const META_LEADS_WEBHOOK_FIELD = "leadgen";

/** Where Meta posts lead notifications (outside /api/v1: it is Meta's protocol, not our API). */
export const META_LEADS_WEBHOOK_PATH = "/api/integrations/meta/leads";

export function metaLeadsSettings(): MetaLeadsSettings | null {
  const settings = config();
  const { META_APP_ID: appId, META_APP_SECRET: appSecret, META_LEADS_VERIFY_TOKEN: verifyToken } = settings;
  if (!appId || !appSecret || !verifyToken) return null;
  return {
    appId,
    appSecret,
    verifyToken,
    graphBaseUrl: settings.WHATSAPP_GRAPH_BASE_URL.replace(/\/+$/, ""),
    graphVersion: settings.WHATSAPP_GRAPH_VERSION,
    timeoutMs: settings.WHATSAPP_TIMEOUT_MS,
  };
}

/** The settings, or the refusal saying the integration is not configured (never a pretended success). */
export function requireMetaLeadsSettings(): MetaLeadsSettings {
  const settings = metaLeadsSettings();
  if (!settings) throw new ApiError("BAD_REQUEST", "leadSources.notConfigured");
  return settings;
}

/** The callback URL to enter in the Meta app, from the app's public origin (NEXTAUTH_URL). */
export function metaLeadsWebhookUrl(): string | null {
  const origin = config().NEXTAUTH_URL;
  return origin ? new URL(META_LEADS_WEBHOOK_PATH, origin).toString() : null;
}
