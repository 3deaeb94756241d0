import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback Meta Graph API for Lead Ads, written from Meta's published
 * documents (fixtures/PROVIDER-RULES.md, "Meta Lead Ads"):
 *
 * - every call needs an access token (`Authorization: Bearer` or
 *   `access_token`); an unknown or expired one answers code 190
 *   (`OAuthException`, subcode 463 when expired);
 * - `GET /{page-id}?fields=id,name`: the page, for its own page token;
 * - `POST /{page-id}/subscribed_apps?subscribed_fields=leadgen` installs the
 *   app on the page — needs `pages_manage_metadata` (else code 200) — and only
 *   then are the page's leads notified;
 * - `GET /{leadgen-id}?fields=…`: the lead (`id`, `created_time`,
 *   `field_data: [{name, values}]`, `form_id`, `ad_id`, `adset_id`,
 *   `campaign_id`, `is_organic`), only the fields asked for; needs
 *   `leads_retrieval` (else code 200); an unknown id is code 100, subcode 33;
 * - errors are `{"error": {"message", "type", "code", "error_subcode"?, "fbtrace_id"}}`;
 * - a notification is the Page webhook `{object: "page", entry: [{id, time,
 *   changes: [{field: "leadgen", value: {leadgen_id, page_id, form_id, ad_id,
 *   adgroup_id, created_time}}]}]}`, signed `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`.
 */
export interface FakePage {
  pageId: string;
  name: string;
  token: string;
  permissions: string[];
}

export interface FakeAdLead {
  id: string;
  pageId: string;
  formId: string;
  adId: string | null;
  adsetId: string | null;
  campaignId: string | null;
  createdTime: string;
  fieldData: { name: string; values: string[] }[];
}

export interface FakeMetaGraph {
  baseUrl: string;
  version: string;
  addPage(overrides?: Partial<FakePage>): FakePage;
  /** A person submits a page's form: the lead exists at Meta (not yet notified). */
  submitForm(pageId: string, lead: Partial<Omit<FakeAdLead, "pageId">> & { fieldData: FakeAdLead["fieldData"] }): FakeAdLead;
  /** The token expires (the person changed their password, the 60 days passed): every call with it answers 190. */
  expireToken(token: string): void;
  /** The page gets a new token (someone generated it again in Meta). */
  renewToken(pageId: string, token: string): void;
  /** Pages our app is installed on. */
  readonly subscribedPages: ReadonlySet<string>;
  readonly requests: { method: string; path: string; authorization: string | null }[];
  /** Where Meta posts Page webhooks (the app's callback URL and secret, as set in the App Dashboard). */
  webhook: { url: string; appSecret: string } | null;
  /** Posts the lead's `leadgen` notification as Meta does (only for a page the app is installed on); our answer's status, or null when nothing was sent. */
  notify(lead: FakeAdLead): Promise<number | null>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("").replace(/^0/, "1");

function graphError(status: number, code: number, message: string, subcode?: number) {
  return {
    status,
    body: {
      error: {
        message,
        type: code === 190 ? "OAuthException" : code === 100 ? "GraphMethodException" : "OAuthException",
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: randomBytes(8).toString("base64url"),
      },
    },
  };
}

export function leadgenPayload(lead: FakeAdLead): Json {
  return {
    object: "page",
    entry: [
      {
        id: lead.pageId,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: "leadgen",
            value: {
              leadgen_id: lead.id,
              page_id: lead.pageId,
              form_id: lead.formId,
              ...(lead.adId ? { ad_id: lead.adId, adgroup_id: lead.adId } : {}),
              created_time: Math.floor(Date.parse(lead.createdTime) / 1000),
            },
          },
        ],
      },
    ],
  };
}

export function signed(body: string, appSecret: string): string {
  return "sha256=" + createHmac("sha256", appSecret).update(body).digest("hex");
}

export async function startFakeMetaGraph(version = "v24.0"): Promise<FakeMetaGraph> {
  const pages = new Map<string, FakePage>();
  const leads = new Map<string, FakeAdLead>();
  const expired = new Set<string>();
  const subscribedPages = new Set<string>();
  const requests: FakeMetaGraph["requests"] = [];

  function tokenOf(req: http.IncomingMessage, url: URL): string | null {
    const header = req.headers.authorization;
    if (header?.startsWith("Bearer ")) return header.slice(7);
    return url.searchParams.get("access_token");
  }

  function answer(method: string, url: URL, token: string | null): { status: number; body: Json } {
    if (token === null) return graphError(400, 2500, "An active access token must be used to query information about the current user.");
    if (expired.has(token)) return graphError(400, 190, "Error validating access token: Session has expired.", 463);
    const page = [...pages.values()].find((p) => p.token === token);
    if (!page) return graphError(400, 190, "Invalid OAuth access token - Cannot parse access token");
    const segments = url.pathname.split("/").filter(Boolean);
    if (segments[0] !== version) return graphError(400, 2635, `Unknown API version ${segments[0]}`);
    const [objectId, edge] = segments.slice(1);
    const missing = () => graphError(400, 100, `Unsupported ${method.toLowerCase()} request. Object with ID '${objectId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33);

    if (edge === "subscribed_apps" && method === "POST") {
      if (objectId !== page.pageId) return missing();
      if (!page.permissions.includes("pages_manage_metadata")) return graphError(403, 200, "(#200) Requires pages_manage_metadata permission to manage the object");
      if (url.searchParams.get("subscribed_fields") !== "leadgen") return graphError(400, 100, "(#100) Param subscribed_fields must be one of {leadgen, …}");
      subscribedPages.add(page.pageId);
      return { status: 200, body: { success: true } };
    }
    if (edge !== undefined || method !== "GET") return graphError(400, 100, "(#100) Unsupported request");
    const fields = (url.searchParams.get("fields") ?? "").split(",").filter(Boolean);
    const pick = (all: Json, defaults: string[]) => Object.fromEntries(Object.entries(all).filter(([key]) => (fields.length ? fields : defaults).includes(key)));

    if (objectId === page.pageId) return { status: 200, body: pick({ id: page.pageId, name: page.name }, ["id", "name"]) };
    const lead = objectId ? leads.get(objectId) : undefined;
    if (!lead || lead.pageId !== page.pageId) return missing();
    if (!page.permissions.includes("leads_retrieval")) return graphError(403, 200, "(#200) Requires leads_retrieval permission");
    const all: Json = {
      id: lead.id,
      created_time: lead.createdTime,
      field_data: lead.fieldData,
      form_id: lead.formId,
      ...(lead.adId ? { ad_id: lead.adId } : {}),
      ...(lead.adsetId ? { adset_id: lead.adsetId } : {}),
      ...(lead.campaignId ? { campaign_id: lead.campaignId } : {}),
      is_organic: lead.adId === null,
    };
    return { status: 200, body: pick(all, ["id", "created_time", "field_data"]) };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://graph.local");
    requests.push({ method: req.method ?? "GET", path: `${url.pathname}${url.search}`, authorization: req.headers.authorization ?? null });
    req.resume();
    req.on("end", () => {
      const { status, body } = answer(req.method ?? "GET", url, tokenOf(req, url));
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const graph: FakeMetaGraph = {
    baseUrl,
    version,
    subscribedPages,
    requests,
    webhook: null,
    addPage(overrides = {}) {
      const page: FakePage = {
        pageId: digits(15),
        name: "Torre Azul Residencial",
        token: `EAAG${randomBytes(24).toString("base64url")}`,
        permissions: ["leads_retrieval", "pages_manage_metadata", "pages_show_list", "pages_read_engagement", "ads_management"],
        ...overrides,
      };
      pages.set(page.pageId, page);
      return page;
    },
    submitForm(pageId, lead) {
      const created: FakeAdLead = {
        id: digits(16),
        formId: digits(15),
        adId: digits(17),
        adsetId: digits(17),
        campaignId: digits(17),
        createdTime: "2026-11-27T09:00:00+0000",
        ...lead,
        pageId,
      };
      leads.set(created.id, created);
      return created;
    },
    expireToken(token) {
      expired.add(token);
    },
    renewToken(pageId, token) {
      const page = pages.get(pageId);
      if (page) page.token = token;
    },
    async notify(lead) {
      if (!graph.webhook || !subscribedPages.has(lead.pageId)) return null;
      const body = JSON.stringify(leadgenPayload(lead));
      const response = await fetch(graph.webhook.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signed(body, graph.webhook.appSecret) },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return graph;
}
