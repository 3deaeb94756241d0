import { createHmac } from "node:crypto";

/** `X-Service-Signature`: `sha256=` + hex HMAC-SHA256 of the exact bytes sent, keyed with the subscription secret. */
export function signBody(body: string | Buffer, secret: string): string {
  return "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * The signature headers of a delivery. `X-Service-Signature` is exactly what
 * the contract says: one `sha256=<hex>`, of the current secret. During a
 * secret rotation's overlap a receiver may still hold only the previous
 * secret, so `X-Service-Signatures` lists every valid signature (the
 * current secret's first, then the previous one's), separated by spaces as
 * Standard Webhooks does; outside an overlap it holds the one signature. A
 * receiver that checks the list accepts the delivery when any entry matches
 * its secret, before, during and after a rotation.
 */
export function signatureHeaders(body: string | Buffer, secret: string, previousSecret: string | null): Record<string, string> {
  const current = signBody(body, secret);
  const previous = previousSecret === null ? null : signBody(body, previousSecret);
  return { "X-Service-Signature": current, "X-Service-Signatures": previous === null ? current : `${current} ${previous}` };
}
