import type { WhatsAppSettings } from "../whatsapp-settings";
import { graphError, networkError } from "./graph-errors";
import {
  MessagingProviderError,
  type MessageTemplate,
  type MessagingProvider,
  type OutboundContent,
  type SentMessage,
} from "./messaging-provider";
import { inSpan, SpanKind } from "../../observability/spans";

/** Pages of templates read at most (100 each): a business rarely has more than a few dozen. */
const MAX_TEMPLATE_PAGES = 5;

type Json = Record<string, unknown>;

/**
 * The WhatsApp Cloud API on Meta's Graph API, over `fetch`: no SDK (Meta's
 * Node SDK is archived) and nothing but JSON over HTTPS. Every call is
 * bounded by `timeoutMs`; errors become MessagingProviderError by Graph's
 * error code (graph-errors.ts).
 */
export function createGraphProvider(settings: WhatsAppSettings): MessagingProvider {
  const base = `${settings.graphBaseUrl}/${settings.graphVersion}`;

  /** One Graph call, as a client span named by its method (the path holds account ids, so it stays out). */
  function call(method: "GET" | "POST", path: string, token: string, body?: Json): Promise<Json> {
    const attributes = { "server.address": new URL(base).hostname, "http.request.method": method };
    return inSpan(`whatsapp ${method}`, { kind: SpanKind.CLIENT, attributes }, () => callGraph(method, path, token, body));
  }

  async function callGraph(method: "GET" | "POST", path: string, token: string, body?: Json): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${base}/${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: "error",
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw networkError(error, settings.timeoutMs);
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(await response.text());
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) throw networkError(error, settings.timeoutMs);
      parsed = null;
    }
    if (!response.ok) throw graphError(response.status, parsed, response.headers.get("retry-after"));
    if (typeof parsed !== "object" || parsed === null) {
      throw new MessagingProviderError("provider_error", `unreadable answer (HTTP ${response.status})`);
    }
    return parsed as Json;
  }

  return {
    async verifySender(credentials) {
      const { phoneNumberId, businessAccountId, accessToken } = credentials;
      const number = await about("phoneNumberId", () => call("GET", `${phoneNumberId}?fields=display_phone_number,verified_name`, accessToken));
      const displayPhoneNumber = typeof number.display_phone_number === "string" ? number.display_phone_number : null;
      const verifiedName = typeof number.verified_name === "string" ? number.verified_name : "";
      if (!displayPhoneNumber) {
        throw about("phoneNumberId", new MessagingProviderError("not_found", `${phoneNumberId} is not a WhatsApp phone number`));
      }
      await about("businessAccountId", async () => {
        // The number must belong to the business account whose templates and webhooks we use.
        const numbers = await call("GET", `${businessAccountId}/phone_numbers?fields=id&limit=100`, accessToken);
        const ids = Array.isArray(numbers.data) ? numbers.data.map((entry) => (entry as Json).id) : [];
        if (!ids.includes(phoneNumberId)) {
          throw new MessagingProviderError("invalid_request", `phone number ${phoneNumberId} does not belong to business account ${businessAccountId}`);
        }
        // Status callbacks and replies only arrive for accounts our app is subscribed to.
        await call("POST", `${businessAccountId}/subscribed_apps`, accessToken, {});
      });
      return { displayPhoneNumber, verifiedName };
    },

    async send(credentials, toDigits, content) {
      const answer = await call("POST", `${credentials.phoneNumberId}/messages`, credentials.accessToken, messageBody(toDigits, content));
      return sentMessageOf(answer);
    },

    async listTemplates(credentials) {
      const templates: MessageTemplate[] = [];
      let path: string | null = `${credentials.businessAccountId}/message_templates?fields=name,language,status,category,components&limit=100`;
      for (let page = 0; path && page < MAX_TEMPLATE_PAGES; page++) {
        const answer = await call("GET", path, credentials.accessToken);
        for (const entry of Array.isArray(answer.data) ? (answer.data as Json[]) : []) {
          const template = templateOf(entry);
          if (template) templates.push(template);
        }
        const after = ((answer.paging as Json | undefined)?.cursors as Json | undefined)?.after;
        path = (answer.paging as Json | undefined)?.next && typeof after === "string"
          ? `${credentials.businessAccountId}/message_templates?fields=name,language,status,category,components&limit=100&after=${encodeURIComponent(after)}`
          : null;
      }
      return templates.sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
    },
  };
}

/**
 * Names the input a failure is about (the number or the account), so the
 * connect form can show it next to that field. Accepts a failure or a step.
 */
function about(field: string, failure: MessagingProviderError): MessagingProviderError;
function about<T>(field: string, step: () => Promise<T>): Promise<T>;
function about<T>(field: string, target: MessagingProviderError | (() => Promise<T>)): MessagingProviderError | Promise<T> {
  const mark = (error: unknown) => {
    if (error instanceof MessagingProviderError && error.field === null) error.field = field;
    return error;
  };
  if (target instanceof MessagingProviderError) return mark(target) as MessagingProviderError;
  return target().catch((error: unknown) => {
    throw mark(error);
  });
}

/** The Cloud API's message object for a text or a template with body parameters. */
export function messageBody(toDigits: string, content: OutboundContent): Json {
  const common = { messaging_product: "whatsapp", recipient_type: "individual", to: toDigits };
  if (content.type === "text") return { ...common, type: "text", text: { preview_url: false, body: content.text } };
  const { name, language, parameters } = content.template;
  return {
    ...common,
    type: "template",
    template: {
      name,
      language: { code: language },
      ...(parameters.length > 0
        ? { components: [{ type: "body", parameters: parameters.map((value) => ({ type: "text", text: value })) }] }
        : {}),
    },
  };
}

function sentMessageOf(answer: Json): SentMessage {
  const message = Array.isArray(answer.messages) ? (answer.messages[0] as Json | undefined) : undefined;
  const contact = Array.isArray(answer.contacts) ? (answer.contacts[0] as Json | undefined) : undefined;
  if (typeof message?.id !== "string" || message.id === "") {
    // Accepted without an id we could follow: treat it as a failure of the provider rather than invent one.
    throw new MessagingProviderError("provider_error", "the answer carried no message id");
  }
  return { providerMessageId: message.id, contactDigits: typeof contact?.wa_id === "string" && /^\d{5,20}$/.test(contact.wa_id) ? contact.wa_id : null };
}

function templateOf(entry: Json): MessageTemplate | null {
  if (entry.status !== "APPROVED" || typeof entry.name !== "string" || typeof entry.language !== "string") return null;
  const components = Array.isArray(entry.components) ? (entry.components as Json[]) : [];
  const body = components.find((component) => component.type === "BODY");
  const bodyText = typeof body?.text === "string" ? body.text : "";
  const placeholders = new Set(bodyText.match(/\{\{\s*\d+\s*\}\}/g)?.map((p) => p.replace(/\D/g, "")) ?? []);
  return {
    name: entry.name,
    language: entry.language,
    category: typeof entry.category === "string" ? entry.category : "",
    body: bodyText,
    parameterCount: placeholders.size,
  };
}
