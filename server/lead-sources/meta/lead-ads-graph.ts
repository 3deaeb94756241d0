import type { MetaLeadsSettings } from "../meta-leads-settings";
import { META_LEADS_WEBHOOK_FIELD } from "../meta-leads-settings";

/**
 * The calls inmo makes to Meta's Graph API for Lead Ads, and nothing else
 * knows Graph's URLs, shapes or error codes:
 * - `GET /{page-id}?fields=id,name` with the page token: the page exists and the token is for it;
 * - `POST /{page-id}/subscribed_apps?subscribed_fields=leadgen`: installs our app on the page,
 *   without which Meta sends no `leadgen` notification ("Webhooks for Leads");
 * - `GET /{leadgen-id}?fields=…`: the lead's answers (`field_data`) and its ad ids ("Retrieving Leads").
 * The token travels as `Authorization: Bearer`, never in a URL (URLs end up in logs).
 */
export type AdPlatformFailureKind = "token" | "permission" | "missing" | "throttled" | "unavailable" | "rejected";

export class AdPlatformError extends Error {
  constructor(
    readonly kind: AdPlatformFailureKind,
    /** Meta's message, for people (Settings shows it on a page that needs reconnecting). */
    readonly reason: string,
    readonly code: number | null,
  ) {
    super(`Meta Graph API: ${reason}`);
  }
}

/** Graph's error codes, by what they mean for us (Meta's "Graph API error handling" reference). */
function kindOf(status: number, code: number | null): AdPlatformFailureKind {
  if (code === 190 || code === 102 || code === 463 || code === 467) return "token";
  if (code === 10 || code === 3 || (code !== null && code >= 200 && code <= 299)) return "permission";
  if (code === 4 || code === 17 || code === 32 || code === 613 || code === 80005) return "throttled";
  if (code === 1 || code === 2) return "unavailable";
  if (code === 100) return "missing";
  if (status === 401) return "token";
  if (status === 403) return "permission";
  if (status === 404) return "missing";
  if (status === 429) return "throttled";
  if (status >= 500) return "unavailable";
  return "rejected";
}

function failureOf(status: number, body: unknown): AdPlatformError {
  const error = (body as { error?: { message?: unknown; code?: unknown } } | null)?.error;
  const code = typeof error?.code === "number" ? error.code : null;
  const reason = (typeof error?.message === "string" && error.message.trim() !== "" ? error.message.trim() : `HTTP ${status}`).slice(0, 500);
  return new AdPlatformError(kindOf(status, code), reason, code);
}

export interface AdLead {
  id: string;
  createdTime: string | null;
  formId: string | null;
  adId: string | null;
  adsetId: string | null;
  campaignId: string | null;
  isOrganic: boolean;
  /** Each question's key and its answers (one for most questions). */
  answers: { name: string; values: string[] }[];
}

const LEAD_FIELDS = "id,created_time,field_data,form_id,ad_id,adset_id,campaign_id,is_organic";

export function leadAdsGraph(settings: MetaLeadsSettings) {
  async function call(method: "GET" | "POST", path: string, token: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${settings.graphBaseUrl}/${settings.graphVersion}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new AdPlatformError("unavailable", timedOut ? "Meta did not answer in time" : "Meta is not reachable", null);
    }
    const body = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) throw failureOf(response.status, body);
    if (typeof body !== "object" || body === null) throw new AdPlatformError("unavailable", "Meta answered something that is not JSON", null);
    return body as Record<string, unknown>;
  }
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

  return {
    /** The page's name, proving the token reads the page. */
    async readPage(pageId: string, token: string): Promise<{ id: string; name: string }> {
      const page = await call("GET", `/${encodeURIComponent(pageId)}?fields=id,name`, token);
      return { id: String(page.id ?? pageId), name: text(page.name) ?? pageId };
    },
    /** Installs our app on the page for `leadgen` notifications. */
    async subscribeApp(pageId: string, token: string): Promise<void> {
      const answer = await call("POST", `/${encodeURIComponent(pageId)}/subscribed_apps?subscribed_fields=${META_LEADS_WEBHOOK_FIELD}`, token);
      if (answer.success !== true && answer.success !== "true") throw new AdPlatformError("rejected", "Meta did not subscribe the app to the page", null);
    },
    async readLead(leadgenId: string, token: string): Promise<AdLead> {
      const lead = await call("GET", `/${encodeURIComponent(leadgenId)}?fields=${LEAD_FIELDS}`, token);
      const fieldData = Array.isArray(lead.field_data) ? (lead.field_data as { name?: unknown; values?: unknown }[]) : [];
      return {
        id: String(lead.id ?? leadgenId),
        createdTime: text(lead.created_time),
        formId: text(lead.form_id),
        adId: text(lead.ad_id),
        adsetId: text(lead.adset_id),
        campaignId: text(lead.campaign_id),
        isOrganic: lead.is_organic === true,
        answers: fieldData.flatMap((field) =>
          typeof field.name === "string" ? [{ name: field.name, values: Array.isArray(field.values) ? field.values.map(String) : [] }] : [],
        ),
      };
    },
  };
}
