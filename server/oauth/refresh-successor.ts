import { decryptSecret, encryptSecret } from "../crypto/secret-box";
import { ACCESS_TOKEN_TTL_SECONDS } from "./token-lifetimes";
import type { TokenResponse } from "./grants";

interface SealedPair {
  response: TokenResponse;
  /** When the access token expires (ms since the epoch), so a later answer says how long it has left. */
  expiresAt: number;
}

/**
 * The token pair a refresh token was rotated into, sealed with the secret-box
 * key while the reuse grace window lasts (then erased): a second use of the
 * old refresh token inside the window is answered with this same pair.
 */
export function sealSuccessor(response: TokenResponse): string {
  const pair: SealedPair = { response, expiresAt: Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 };
  return encryptSecret(JSON.stringify(pair));
}

/** The pair, with `expires_in` counted from now; null when none was kept (rotated before this rule, or erased). */
export function openSuccessor(sealed: string | null): TokenResponse | null {
  if (sealed === null) return null;
  let pair: SealedPair;
  try {
    pair = JSON.parse(decryptSecret(sealed)) as SealedPair;
  } catch {
    return null;
  }
  return { ...pair.response, expires_in: Math.max(0, Math.round((pair.expiresAt - Date.now()) / 1000)) };
}
