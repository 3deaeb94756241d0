import { randomBytes } from "node:crypto";
import { sha256Hex } from "../auth/tokens";

/** Access tokens live an hour (platforms refresh on 401); refresh tokens live until revoked or replayed. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Codes are single use and short: Zapier's own authorization server uses two minutes too. */
export const AUTHORIZATION_CODE_TTL_SECONDS = 120;
/**
 * A rotated refresh token still works this long: automation hosts refresh
 * concurrently from several workers, and a strict single use would revoke
 * live connections. After it, using the old token revokes the grant.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 60;

export function generateRefreshToken(): { token: string; tokenHash: string } {
  const token = "ort_" + randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256Hex(token) };
}

export function generateAuthorizationCode(): { code: string; codeHash: string } {
  const code = "oac_" + randomBytes(32).toString("base64url");
  return { code, codeHash: sha256Hex(code) };
}
