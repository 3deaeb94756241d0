import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * `X-Hub-Signature-256: sha256=<hex>`, Meta's HMAC-SHA256 of the exact bytes
 * of the body keyed with the app secret. Compared in constant time over the
 * raw bytes (re-serialised JSON would not match).
 */
export function hubSignature(body: Buffer | string, appSecret: string): string {
  return "sha256=" + createHmac("sha256", appSecret).update(body).digest("hex");
}

export function hubSignatureIsValid(body: Buffer, header: string | null, appSecret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(hubSignature(body, appSecret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The GET handshake's token, compared in constant time (it is a shared secret too). */
export function verifyTokenMatches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
