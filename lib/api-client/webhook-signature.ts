import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Verifying inmo's webhook deliveries. Each delivery is signed with
 * HMAC-SHA256 over the exact raw body: `X-Service-Signature: sha256=<hex>`
 * (the subscription's current secret) and `X-Service-Signatures`, every
 * valid signature separated by spaces (during the 24 hours after a secret
 * rotation, the previous secret's too). Pass the raw bytes (not re-serialised
 * JSON) and every secret you hold; a delivery is genuine when any signature
 * matches any secret, compared in constant time.
 */

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(found) ? found.join(" ") : found;
}

/** The signatures a delivery carries: the `X-Service-Signatures` list, or the single `X-Service-Signature`. */
export function deliverySignatures(headers: HeaderSource): string[] {
  const list = header(headers, "X-Service-Signatures") ?? header(headers, "X-Service-Signature") ?? "";
  return list.split(" ").filter((entry) => entry.startsWith("sha256="));
}

/** `sha256=` and the hex HMAC-SHA256 of `rawBody` keyed with `secret`, as inmo signs. */
export function signWebhookBody(rawBody: string | Uint8Array, secret: string): string {
  return "sha256=" + createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** True when a signature of the delivery matches one of `secrets` (a secret, or the old and the new one while you rotate). */
export function verifyWebhookSignature(rawBody: string | Uint8Array, headers: HeaderSource, secrets: string | readonly string[]): boolean {
  const given = deliverySignatures(headers).map((signature) => Buffer.from(signature));
  return (typeof secrets === "string" ? [secrets] : secrets).some((secret) => {
    const expected = Buffer.from(signWebhookBody(rawBody, secret));
    return given.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  });
}
