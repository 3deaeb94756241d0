import { randomBytes } from "node:crypto";
import { sha256Hex } from "../auth/tokens";
import { decryptSecret, encryptSecret } from "../crypto/secret-box";
import { appOrigin } from "../config/app-origin";

/** Where sheets are served: `/s/<token>`, the page; `/s/<token>/interest`, its "I'm interested" form. */
export const SHEET_PATH = "/s/";

/** 32 random bytes (256 bits) in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface NewSheetToken {
  token: string;
  tokenHash: string;
  tokenCiphertext: string;
}

/**
 * A sheet link's secret. Kept twice, neither of them usable alone: its SHA-256
 * (how a request finds the link, one indexed lookup) and the token sealed with
 * the service's secret key (so a member can copy the link again later). A
 * database dump without the key opens no sheet.
 */
export function newSheetToken(): NewSheetToken {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256Hex(token), tokenCiphertext: encryptSecret(token) };
}

/** The hash a request's token is looked up by, or null for a string that cannot be a token (no query then). */
export function sheetTokenHash(token: string): string | null {
  return TOKEN_PATTERN.test(token) ? sha256Hex(token) : null;
}

export function sheetUrl(token: string): string {
  return `${appOrigin()}${SHEET_PATH}${token}`;
}

export function sheetUrlOfSealed(tokenCiphertext: string): string {
  return sheetUrl(decryptSecret(tokenCiphertext));
}
