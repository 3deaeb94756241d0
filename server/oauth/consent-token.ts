import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config/config";

/**
 * The consent form's CSRF token: an HMAC (keyed by NEXTAUTH_SECRET) of the
 * signed-in user, the exact authorization request and an expiry. A page on
 * another site cannot obtain one for our user, and a token minted for one
 * request cannot approve another. The decision endpoint also requires a
 * same-origin `Origin` header and the session cookie (SameSite=Lax).
 */
export const CONSENT_TOKEN_TTL_SECONDS = 15 * 60;

export interface ConsentSubject {
  userId: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  codeChallenge: string | null;
}

function secret(): string {
  const value = config().NEXTAUTH_SECRET;
  if (!value) throw new Error("NEXTAUTH_SECRET is not set");
  return value;
}

function mac(subject: ConsentSubject, expires: number): string {
  const payload = JSON.stringify([subject.userId, subject.clientId, subject.redirectUri, [...subject.scopes], subject.state, subject.codeChallenge, expires]);
  return createHmac("sha256", secret()).update(`oauth-consent:${payload}`).digest("base64url");
}

export function mintConsentToken(subject: ConsentSubject, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + CONSENT_TOKEN_TTL_SECONDS;
  return `${expires}.${mac(subject, expires)}`;
}

export function verifyConsentToken(token: string, subject: ConsentSubject, now = Date.now()): boolean {
  const [expiresText, given] = token.split(".");
  const expires = Number(expiresText);
  if (!given || !Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(mac(subject, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
