import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inboundTextPayload, postWebhook, statusPayload } from "./whatsapp-webhook";

/**
 * A loopback WhatsApp Cloud API (Meta's Graph API), shared by Vitest and
 * Playwright (started by e2e/support/serve-app.ts), written from Meta's
 * published documents (fixtures/PROVIDER-RULES.md): bearer tokens checked per
 * phone number, Graph's error envelope and codes, the message object
 * validated as Meta does, and what a real sender hits:
 *
 * - the 24-hour customer service window: opened by a message from the contact
 *   (`receiveMessage`, which also posts Meta's signed webhook to the app);
 *   free-form text outside it is accepted and then reported `failed` with
 *   error 131047 on a status webhook; templates always go;
 * - templates: approved, in the language asked, with as many body parameters
 *   as the template has placeholders (132001, 132000);
 * - throughput: 80 messages/s per number (a bucket of 80 refilled at 80/s) →
 *   130429; pair rate: 1 message every 6 s to one user with bursts of 45 →
 *   131056, on the fake's clock (injectable, so tests never race the wall);
 * - WhatsApp ids: the answer's `contacts[0].wa_id` keeps Mexico's `521` and
 *   Argentina's `549` mobile forms, as WhatsApp does.
 *
 * Recipients can also choose a failure by the last digits of `to`
 * (SCENARIOS). Control routes under `/_fake/` let another process (a browser
 * test) read what was sent, register senders and make a contact write in.
 */
export interface FakeSender {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  displayPhoneNumber: string;
  verifiedName: string;
}

export interface FakeTemplate {
  name: string;
  language: string;
  category: string;
  status: "APPROVED" | "PENDING" | "REJECTED";
  body: string;
}

export interface RecordedSend {
  phoneNumberId: string;
  to: string;
  body: Record<string, unknown>;
  providerMessageId: string;
}

/** The last digits of `to` that choose an outcome. Any other number is accepted. */
export const SCENARIOS = {
  undeliverable: "131026",
  spamLimited: "131048",
  throttled: "130429",
  pairThrottled: "131056",
  expiredToken: "000190",
  providerError: "131000",
  unavailable: "000503",
  slow: "000999",
} as const;

export type Scenario = keyof typeof SCENARIOS;

/** A number (E.164) whose send takes the scenario's path. */
export function scenarioNumber(scenario: Scenario): string {
  return `+1555${SCENARIOS[scenario]}`;
}

export interface FakeGraph {
  baseUrl: string;
  version: string;
  /** Registers a number with its account and token (defaults are unique per call). */
  addSender(overrides?: Partial<FakeSender>): FakeSender;
  setTemplates(businessAccountId: string, templates: FakeTemplate[]): void;
  /** Accepted sends, in order. */
  readonly sends: RecordedSend[];
  /** Every request received: method, path (with query). */
  readonly requests: { method: string; path: string }[];
  /** How long the `slow` scenario waits before answering. */
  slowMs: number;
  /** The id the next accepted send gets (then random again), so a test can call back before the send returns. */
  nextMessageId: string | null;
  /** Where Meta posts webhooks for subscribed accounts (the app's callback URL and secret, as set in the App Dashboard). */
  webhook: { url: string; appSecret: string } | null;
  /** A contact writes to a business number: the customer service window opens for 24 h and the app gets the webhook. */
  receiveMessage(message: { phoneNumberId: string; from: string; text: string; name?: string; providerMessageId?: string }): Promise<number | null>;
  /** Sends refused by a rule (code per refusal), in order. */
  readonly refusals: { to: string; code: number }[];
  /** Resolves when every webhook the fake posted has been answered. */
  webhooksSettled(): Promise<void>;
  close(): Promise<void>;
}

/** Meta's published limits (about-the-platform: Throughput, Pair rate limits; send-messages: customer service windows). */
export const META_LIMITS = {
  throughputPerSecond: 80,
  pairBurst: 45,
  pairIntervalMs: 6_000,
  serviceWindowMs: 24 * 60 * 60 * 1000,
} as const;

/** The WhatsApp id WhatsApp gives a number: Mexican and Argentine mobiles keep their legacy mobile digit. */
export function waIdOf(digits: string): string {
  if (/^52\d{10}$/.test(digits)) return `521${digits.slice(2)}`;
  if (/^54\d{10}$/.test(digits)) return `549${digits.slice(2)}`;
  return digits;
}

/** A token bucket on the fake's clock: `capacity` sends at once, refilled `perMs` apart. */
class Bucket {
  private tokens: number;
  private at: number;
  constructor(private readonly capacity: number, private readonly perMs: number, now: number) {
    this.tokens = capacity;
    this.at = now;
  }
  take(now: number): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.at) / this.perMs);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export const DEFAULT_TEMPLATES: FakeTemplate[] = [
  { name: "hello_world", language: "en_US", category: "UTILITY", status: "APPROVED", body: "Hello World" },
  { name: "visita_confirmada", language: "es", category: "UTILITY", status: "APPROVED", body: "Hola {{1}}, tu visita a {{2}} está confirmada." },
  { name: "draft_offer", language: "es", category: "MARKETING", status: "PENDING", body: "Oferta {{1}}" },
];

type Json = Record<string, unknown>;

function graphError(status: number, code: number, message: string, details?: string, subcode?: number) {
  return {
    status,
    body: {
      error: {
        message: `(#${code}) ${message}`,
        type: status === 401 ? "OAuthException" : "GraphMethodException",
        code,
        ...(subcode !== undefined ? { error_subcode: subcode } : {}),
        ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
        fbtrace_id: randomBytes(8).toString("base64url"),
      },
    },
  };
}

const invalid = (details: string) => graphError(400, 100, "Invalid parameter", details);

function parametersOf(body: Json): unknown[] {
  const components = (body.template as Json | undefined)?.components;
  if (!Array.isArray(components)) return [];
  const bodyComponent = components.find((component) => (component as Json).type === "body") as Json | undefined;
  return Array.isArray(bodyComponent?.parameters) ? bodyComponent.parameters : [];
}

export async function startFakeGraph(options: { version?: string; port?: number; clock?: () => number } = {}): Promise<FakeGraph> {
  const version = options.version ?? "v24.0";
  const now = options.clock ?? (() => Date.now());
  const senders = new Map<string, FakeSender>();
  const templates = new Map<string, FakeTemplate[]>();
  const sends: RecordedSend[] = [];
  const requests: { method: string; path: string }[] = [];
  const refusals: { to: string; code: number }[] = [];
  const subscribed = new Set<string>();
  const windows = new Map<string, number>();
  const throughput = new Map<string, Bucket>();
  const pairs = new Map<string, Bucket>();
  const posting = new Set<Promise<unknown>>();
  let counter = 0;

  function bucket(map: Map<string, Bucket>, key: string, capacity: number, perMs: number): Bucket {
    let found = map.get(key);
    if (!found) map.set(key, (found = new Bucket(capacity, perMs, now())));
    return found;
  }

  /** Posts a webhook for the number's account, signed as Meta signs it, when the app subscribed to that account. */
  function deliver(sender: FakeSender, payload: unknown): Promise<number | null> {
    if (!fake.webhook || !subscribed.has(sender.businessAccountId)) return Promise.resolve(null);
    const { url, appSecret } = fake.webhook;
    const delivery = postWebhook(url, appSecret, payload).then((response) => response.status, () => null);
    posting.add(delivery);
    void delivery.finally(() => posting.delete(delivery));
    return delivery;
  }

  const fake: FakeGraph = {
    baseUrl: "",
    version,
    sends,
    requests,
    slowMs: 5_000,
    nextMessageId: null,
    webhook: null,
    refusals,
    async receiveMessage(message) {
      const sender = senders.get(message.phoneNumberId);
      if (!sender) throw new Error(`no sender ${message.phoneNumberId}`);
      windows.set(`${sender.phoneNumberId}:${message.from}`, now() + META_LIMITS.serviceWindowMs);
      return deliver(sender, inboundTextPayload({ ...message, at: new Date(now()) }));
    },
    async webhooksSettled() {
      while (posting.size > 0) await Promise.all([...posting]);
    },
    addSender(overrides = {}) {
      const n = ++counter;
      const digits = (length: number) => Array.from(randomBytes(length), (b) => String(b % 10)).join("");
      const sender: FakeSender = {
        phoneNumberId: `1${digits(14)}`,
        businessAccountId: `2${digits(14)}`,
        accessToken: `EAAG${randomBytes(24).toString("hex")}`,
        displayPhoneNumber: `+1 555-01${String(n % 100).padStart(2, "0")}`,
        verifiedName: "Casa Azul Realty",
        ...overrides,
      };
      senders.set(sender.phoneNumberId, sender);
      if (!templates.has(sender.businessAccountId)) templates.set(sender.businessAccountId, DEFAULT_TEMPLATES);
      return sender;
    },
    setTemplates(businessAccountId, list) {
      templates.set(businessAccountId, list);
    },
    close: async () => {
      await fake.webhooksSettled();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };

  function authorised(req: http.IncomingMessage, token: string): boolean {
    return req.headers.authorization === `Bearer ${token}`;
  }

  /** Graph's answer to a token that is not for this object: an unknown token is invalid (190); a valid one cannot see it (100/33). */
  function refusal(req: http.IncomingMessage, id: string) {
    const known = [...senders.values()].some((s) => authorised(req, s.accessToken));
    return known ? missingObject(id) : expiredToken();
  }

  const expiredToken = () => graphError(401, 190, "Error validating access token: Session has expired", undefined, 463);
  const missingObject = (id: string) =>
    graphError(400, 100, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`, undefined, 33);

  const throughputRefused = () => graphError(429, 130429, "Rate limit hit", "Cloud API message throughput has been reached.");
  const pairRefused = () =>
    graphError(400, 131056, "(Business Account, Consumer Account) pair rate limit hit", "Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.");

  async function sendMessage(sender: FakeSender, body: Json): Promise<{ status: number; body: Json }> {
    const answer = await checkedSend(sender, body);
    const code = (answer.body.error as Json | undefined)?.code;
    if (typeof code === "number") refusals.push({ to: typeof body.to === "string" ? body.to : "", code });
    return answer;
  }

  async function checkedSend(sender: FakeSender, body: Json): Promise<{ status: number; body: Json }> {
    if (body.messaging_product !== "whatsapp") return invalid("messaging_product must be whatsapp");
    const to = typeof body.to === "string" ? body.to.replace(/^\+/, "") : "";
    if (!/^\d{5,20}$/.test(to)) return invalid("to must be a phone number");
    if (to.endsWith(SCENARIOS.expiredToken)) return expiredToken();
    if (to.endsWith(SCENARIOS.undeliverable)) return graphError(400, 131026, "Message undeliverable", "Recipient is not a valid WhatsApp user");
    if (to.endsWith(SCENARIOS.spamLimited)) {
      return graphError(400, 131048, "Spam rate limit hit", "Message failed to send because there are restrictions on how many messages can be sent from this phone number. This may be because too many previous messages were blocked or flagged as spam.");
    }
    if (to.endsWith(SCENARIOS.throttled)) return throughputRefused();
    if (to.endsWith(SCENARIOS.pairThrottled)) return pairRefused();
    if (to.endsWith(SCENARIOS.providerError)) return graphError(500, 131000, "Something went wrong");
    if (to.endsWith(SCENARIOS.unavailable)) return graphError(503, 2, "Service temporarily unavailable");
    if (to.endsWith(SCENARIOS.slow)) await new Promise((resolve) => setTimeout(resolve, fake.slowMs));

    if (body.type === "text") {
      const text = (body.text as Json | undefined)?.body;
      if (typeof text !== "string" || text.length === 0 || text.length > 4096) return invalid("text.body is required, at most 4096 characters");
    } else if (body.type === "template") {
      const template = body.template as Json | undefined;
      const language = (template?.language as Json | undefined)?.code;
      if (typeof template?.name !== "string" || typeof language !== "string") return invalid("template.name and template.language.code are required");
      const known = (templates.get(sender.businessAccountId) ?? []).find((t) => t.name === template.name && t.language === language && t.status === "APPROVED");
      if (!known) return graphError(404, 132001, "Template name does not exist in the translation", `template name (${template.name}) does not exist in ${language}`);
      const expected = new Set(known.body.match(/\{\{\d+\}\}/g) ?? []).size;
      const given = parametersOf(body);
      if (given.length !== expected || given.some((p) => typeof (p as Json).text !== "string")) {
        return graphError(400, 132000, "Number of parameters does not match the expected number of params", `body: number of localizable_params (${given.length}) does not match the expected number of params (${expected})`);
      }
    } else {
      return invalid(`unsupported message type ${String(body.type)}`);
    }
    const waId = waIdOf(to);
    const at = now();
    // Both limits count what the number sends; a refused send spends nothing.
    const pair = bucket(pairs, `${sender.phoneNumberId}:${waId}`, META_LIMITS.pairBurst, META_LIMITS.pairIntervalMs);
    const number = bucket(throughput, sender.phoneNumberId, META_LIMITS.throughputPerSecond, 1000 / META_LIMITS.throughputPerSecond);
    if (!number.take(at)) return throughputRefused();
    if (!pair.take(at)) return pairRefused();
    const providerMessageId = fake.nextMessageId ?? `wamid.${Buffer.from(`${sender.phoneNumberId}:${to}:${randomBytes(9).toString("hex")}`).toString("base64url")}`;
    fake.nextMessageId = null;
    sends.push({ phoneNumberId: sender.phoneNumberId, to, body, providerMessageId });
    const windowOpen = (windows.get(`${sender.phoneNumberId}:${waId}`) ?? 0) > at;
    if (body.type !== "template" && !windowOpen) {
      // Accepted, then reported failed: the window is Meta's to enforce, asynchronously.
      void deliver(
        sender,
        statusPayload({
          phoneNumberId: sender.phoneNumberId,
          providerMessageId,
          status: "failed",
          recipient: waId,
          at: new Date(at),
          error: { code: 131047, title: "Re-engagement message", details: "More than 24 hours have passed since the recipient last replied to the sender number." },
        }),
      );
    }
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: typeof body.to === "string" ? body.to : to, wa_id: waId }],
        messages: [{ id: providerMessageId, ...(body.type === "template" ? { message_status: "accepted" } : {}) }],
      },
    };
  }

  async function route(req: http.IncomingMessage, url: URL, raw: string): Promise<{ status: number; body: unknown }> {
    // Control routes for tests in another process.
    if (url.pathname === "/_fake/sends" && req.method === "GET") return { status: 200, body: sends };
    if (url.pathname === "/_fake/senders" && req.method === "POST") return { status: 201, body: fake.addSender(JSON.parse(raw || "{}") as Partial<FakeSender>) };
    if (url.pathname === "/_fake/inbound" && req.method === "POST") {
      const message = JSON.parse(raw || "{}") as Parameters<FakeGraph["receiveMessage"]>[0];
      return { status: 200, body: { webhookStatus: await fake.receiveMessage(message) } };
    }

    const [, pathVersion, id, edge, ...rest] = url.pathname.split("/");
    if (pathVersion !== version || !id || rest.length > 0) return graphError(400, 2500, "Unknown path components");
    const sender = senders.get(id);
    const account = [...senders.values()].filter((s) => s.businessAccountId === id);

    if (edge === "messages" && req.method === "POST") {
      if (!sender) return missingObject(id);
      if (!authorised(req, sender.accessToken)) return refusal(req, id);
      let body: Json;
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return invalid("the body must be JSON");
      }
      return sendMessage(sender, body);
    }
    if (edge === undefined && req.method === "GET") {
      if (!sender) return missingObject(id);
      if (!authorised(req, sender.accessToken)) return refusal(req, id);
      return { status: 200, body: { display_phone_number: sender.displayPhoneNumber, verified_name: sender.verifiedName, quality_rating: "GREEN", id } };
    }
    if (account.length === 0) return missingObject(id);
    if (!account.some((s) => authorised(req, s.accessToken))) return refusal(req, id);
    if (edge === "phone_numbers" && req.method === "GET") {
      return { status: 200, body: { data: account.map((s) => ({ id: s.phoneNumberId, display_phone_number: s.displayPhoneNumber, verified_name: s.verifiedName })) } };
    }
    if (edge === "subscribed_apps" && req.method === "POST") {
      subscribed.add(id);
      return { status: 200, body: { success: true } };
    }
    if (edge === "message_templates" && req.method === "GET") {
      const list = templates.get(id) ?? [];
      return {
        status: 200,
        body: {
          data: list.map((t, index) => ({
            id: String(900 + index),
            name: t.name,
            language: t.language,
            status: t.status,
            category: t.category,
            components: [{ type: "BODY", text: t.body }],
          })),
          paging: { cursors: { before: "b", after: "a" } },
        },
      };
    }
    return graphError(400, 2500, "Unknown path components");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake.graph");
      requests.push({ method: req.method ?? "GET", path: `${url.pathname}${url.search}` });
      route(req, url, Buffer.concat(chunks).toString("utf8"))
        .then(({ status, body }) => {
          if (res.destroyed) return;
          res.writeHead(status, { "Content-Type": "application/json" });
          res.end(JSON.stringify(body));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ error: { message: String(error), code: 1 } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
