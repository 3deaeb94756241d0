import { decryptSecret, encryptSecret } from "../crypto/secret-box";
import { ApiError } from "../errors/api-error";
import { sendHttps, type Sender } from "../webhooks/http-sender";
import { deliverySettings } from "../webhooks/settings";
import { signBody } from "../webhooks/signature";
import { generateSigningSecret } from "../webhooks/signing-secret";
import { checkTargetUrl, TargetRefusedError } from "../webhooks/target-url";
import type { Principal } from "../auth/principal";
import type { SequenceChannelConfig } from "./sequence-values";

/**
 * The webhook dialer posts each contact's lead data to an outside URL, as a
 * webhook subscription does, so choosing it needs what subscriptions need:
 * the `webhooks:manage` scope (held by owners' and admins' sessions and
 * tokens, and by API keys created with it; never by a member). Then the same
 * SSRF guard as subscriptions: a public https URL (loopback only when the
 * operator allows private targets).
 */
export async function checkDialerConfig(principal: Principal, config: SequenceChannelConfig | undefined): Promise<void> {
  if (config?.dialer !== "webhook") return;
  if (!principal.scopes.includes("webhooks:manage")) throw new ApiError("FORBIDDEN", "sequences.webhookDialerNeedsWebhooks");
  try {
    await checkTargetUrl(config.webhookUrl, { allowPrivateTargets: deliverySettings().allowPrivateTargets });
  } catch (error) {
    if (error instanceof TargetRefusedError) throw ApiError.invalid([{ path: "channelConfig.webhookUrl", reason: "validation.publicHttpsUrl" }]);
    throw error;
  }
}

/** A new secret for the webhook dialer: the plain one (shown once) and the sealed one (stored). */
export function newDialerSecret(): { secret: string; sealed: string } {
  const secret = generateSigningSecret();
  return { secret, sealed: encryptSecret(secret) };
}

export interface DialerCall {
  url: string;
  sealedSecret: string;
  payload: Record<string, unknown>;
}

/** One signed POST of a contact to the dialer; ok on a 2xx. The sender pins the checked addresses (no DNS rebinding). */
export async function callWebhookDialer(call: DialerCall, contactId: string, send: Sender = sendHttps) {
  const body = JSON.stringify(call.payload);
  return send(
    {
      url: call.url,
      body,
      headers: {
        "Content-Type": "application/json",
        "X-Service-Signature": signBody(body, decryptSecret(call.sealedSecret)),
        "X-Service-Contact": contactId,
        // The dialer should dedupe on it: a retry after a lost answer sends the same contact again.
        "Idempotency-Key": contactId,
      },
    },
    deliverySettings(),
  );
}
