import { createHmac, randomBytes } from "node:crypto";

/**
 * What Meta posts to our WhatsApp webhook, built and signed the way Meta does
 * (`X-Hub-Signature-256: sha256=` + HMAC-SHA256 of the raw body with the app
 * secret), for Vitest and Playwright to drive status callbacks and inbound
 * messages through the real route.
 */
type Json = Record<string, unknown>;

function envelope(phoneNumberId: string, value: Json): Json {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550100", phone_number_id: phoneNumberId }, ...value } }],
      },
    ],
  };
}

const unix = (at: Date = new Date()) => String(Math.floor(at.getTime() / 1000));

export interface StatusCallback {
  phoneNumberId: string;
  providerMessageId: string;
  status: "sent" | "delivered" | "read" | "failed";
  recipient?: string;
  at?: Date;
  error?: { code: number; title: string; details?: string };
  /** Pricing category (per-message pricing): service for non-template messages, else the template's category. */
  category?: "service" | "utility" | "marketing" | "authentication";
}

export function statusPayload(callback: StatusCallback): Json {
  return envelope(callback.phoneNumberId, {
    statuses: [
      {
        id: callback.providerMessageId,
        status: callback.status,
        timestamp: unix(callback.at),
        recipient_id: callback.recipient ?? "15550001234",
        // Meta's status webhook reference: sent/delivered/read carry the conversation and per-message pricing; failed carries errors[].
        ...(callback.status !== "failed"
          ? {
              conversation: {
                id: `conv-${callback.recipient ?? "15550001234"}`,
                expiration_timestamp: unix(new Date((callback.at ?? new Date()).getTime() + 24 * 3_600_000)),
                origin: { type: callback.category ?? "service" },
              },
              pricing: {
                billable: (callback.category ?? "service") !== "service",
                pricing_model: "PMP",
                category: callback.category ?? "service",
                type: (callback.category ?? "service") === "service" ? "free_customer_service" : "regular",
              },
            }
          : {}),
        ...(callback.error
          ? {
              errors: [
                {
                  code: callback.error.code,
                  title: callback.error.title,
                  message: callback.error.title,
                  error_data: { details: callback.error.details ?? callback.error.title },
                  href: "https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes",
                },
              ],
            }
          : {}),
      },
    ],
  });
}

export interface InboundText {
  phoneNumberId: string;
  /** The contact's number, digits only (their WhatsApp id). */
  from: string;
  text: string;
  name?: string;
  providerMessageId?: string;
  at?: Date;
}

export function inboundTextPayload(message: InboundText): Json {
  return envelope(message.phoneNumberId, {
    contacts: [{ profile: { name: message.name ?? "" }, wa_id: message.from }],
    messages: [
      {
        from: message.from,
        id: message.providerMessageId ?? `wamid.in-${randomBytes(12).toString("hex")}`,
        timestamp: unix(message.at),
        type: "text",
        text: { body: message.text },
      },
    ],
  });
}

export function signPayload(body: string, appSecret: string): string {
  return "sha256=" + createHmac("sha256", appSecret).update(body).digest("hex");
}

/** Posts `payload` to our webhook signed with `appSecret` (or with the `signature` given, to forge one). */
export async function postWebhook(url: string, appSecret: string, payload: unknown, options: { signature?: string | null } = {}): Promise<Response> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const signature = options.signature === undefined ? signPayload(body, appSecret) : options.signature;
  if (signature !== null) headers["X-Hub-Signature-256"] = signature;
  return fetch(url, { method: "POST", headers, body });
}
