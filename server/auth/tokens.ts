import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** API keys are `svc_k_` + 32 lowercase hex characters (128 bits of entropy). */
export const API_KEY_PREFIX = "svc_k_";
export const API_KEY_PATTERN = /^svc_k_[0-9a-f]{32}$/;

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function generateApiKey(): { key: string; keyHash: string; displayPrefix: string } {
  const key = API_KEY_PREFIX + randomBytes(16).toString("hex");
  return { key, keyHash: sha256Hex(key), displayPrefix: apiKeyDisplayPrefix(key) };
}

/** The fragment shown in Settings: enough to recognise a key, far too little to use it. */
export function apiKeyDisplayPrefix(key: string): string {
  return `${key.slice(0, API_KEY_PREFIX.length + 4)}…${key.slice(-4)}`;
}

/** OAuth access tokens are opaque base64url strings and never start with the API-key prefix. */
export function generateOAuthAccessToken(): { token: string; tokenHash: string } {
  const token = "oat_" + randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256Hex(token) };
}

export function generateOAuthClientId(): string {
  return "cli_" + randomBytes(12).toString("hex");
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
