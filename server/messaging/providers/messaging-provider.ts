/**
 * What inmo needs from a messaging provider, whatever it is. The one real
 * implementation is the WhatsApp Cloud API over Graph (graph-provider.ts);
 * tests run it against a loopback fake of the same protocol
 * (tests/fakes/whatsapp-graph.ts), never a mock of this interface.
 */
export interface SenderCredentials {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
}

export interface SenderProfile {
  displayPhoneNumber: string;
  verifiedName: string;
}

export interface TemplateContent {
  name: string;
  /** The template's language code as approved, e.g. `es` or `en_US`. */
  language: string;
  /** Values for the body's `{{1}}`, `{{2}}`, … in order. */
  parameters: string[];
}

export type OutboundContent = { type: "text"; text: string } | { type: "template"; template: TemplateContent };

export interface SentMessage {
  /** The provider's id of the message (`wamid.…`); status callbacks name it. */
  providerMessageId: string;
  /** The WhatsApp id the provider resolved the number to (digits), when it says. */
  contactDigits: string | null;
}

export interface MessageTemplate {
  name: string;
  language: string;
  category: string;
  /** The body with its `{{n}}` placeholders, for a preview. */
  body: string;
  /** How many body parameters a send must supply. */
  parameterCount: number;
}

/**
 * Why a provider call failed, in the terms our API answers with:
 * - `auth`: the access token was refused (expired, revoked): the sender needs reconnecting.
 * - `forbidden`: the token lacks a permission.
 * - `not_found`: the phone number or account id names nothing the token can see.
 * - `invalid_request`: a parameter was refused (template name, parameter count, …).
 * - `rejected`: the message was refused for a reason of its own (recipient not on WhatsApp, …).
 * - `window_closed`: free text outside the 24-hour customer-service window.
 * - `undeliverable`: the recipient cannot receive WhatsApp messages (131026: not on WhatsApp, old app, terms not accepted).
 * - `spam_limited`: the number may send fewer messages for now because earlier ones were blocked or reported (131048).
 * - `throttled` / `pair_throttled`: the number's throughput or the per-recipient rate was exceeded.
 * - `unavailable`: the provider could not be reached or said it is unavailable (nothing was sent).
 * - `provider_error`: the provider failed with an error of its own (nothing was sent).
 * - `timeout`: no answer in time, or the connection broke after the request left: the outcome is unknown.
 */
export type ProviderFailureKind =
  | "auth"
  | "forbidden"
  | "not_found"
  | "invalid_request"
  | "rejected"
  | "window_closed"
  | "undeliverable"
  | "spam_limited"
  | "throttled"
  | "pair_throttled"
  | "unavailable"
  | "provider_error"
  | "timeout";

export class MessagingProviderError extends Error {
  override name = "MessagingProviderError";
  /** Which of the caller's inputs the failure is about, when the provider says (`phoneNumberId`, `businessAccountId`). */
  field: string | null = null;

  constructor(
    readonly kind: ProviderFailureKind,
    /** The provider's own reason, readable (e.g. `(#131026) Message undeliverable`). */
    readonly reason: string,
    /** The provider's error code, when it gave one. */
    readonly code: number | null = null,
    /** Seconds the provider asks us to wait (or our default for the kind). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${kind}: ${reason}`);
  }
}

export interface MessagingProvider {
  /** Reads the number's display form and verified name, checks it belongs to the account, and subscribes our app to the account's webhooks. */
  verifySender(credentials: SenderCredentials): Promise<SenderProfile>;
  /** Sends one message to a number (digits); resolves when the provider accepted it. */
  send(credentials: SenderCredentials, toDigits: string, content: OutboundContent): Promise<SentMessage>;
  /** The account's approved templates. */
  listTemplates(credentials: SenderCredentials): Promise<MessageTemplate[]>;
}
