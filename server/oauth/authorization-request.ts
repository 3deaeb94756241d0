import type { Db } from "../db/client";
import type { OAuthClient } from "../db/generated/client";
import { isScope, SCOPES, type Scope } from "../auth/scopes";
import { isRegisteredRedirectUri } from "./redirect-uris";
import { config } from "../config/config";

/**
 * Validation of `/oauth/authorize` parameters (RFC 6749 section 4.1.1 and
 * RFC 7636). Until the client and its redirect URI are known to be good,
 * failures show an error page and never redirect (section 4.1.2.1: a bad
 * redirect URI must not become an open redirector). After that, failures go
 * back to the client as `error=` on its redirect URI.
 */
export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: Scope[];
  state: string;
  codeChallenge: string | null;
}

export type AuthorizationCheck =
  | { kind: "ok"; request: AuthorizationRequest }
  /** Shown on our page; the reason is for the person, not a redirect. */
  | { kind: "error_page"; reason: "unknown_client" | "disabled_client" | "bad_redirect_uri" | "missing_parameter" }
  | { kind: "redirect_error"; redirectUri: string; state: string | null; error: string; description: string };

const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

function single(params: URLSearchParams, name: string): string | null {
  const values = params.getAll(name);
  return values.length === 1 ? values[0]! : null;
}

export async function checkAuthorizationRequest(db: Db, params: URLSearchParams): Promise<AuthorizationCheck> {
  const clientId = single(params, "client_id");
  if (!clientId) return { kind: "error_page", reason: "missing_parameter" };
  const client = await db.oAuthClient.findUnique({ where: { clientId } });
  if (!client) return { kind: "error_page", reason: "unknown_client" };
  const asked = single(params, "redirect_uri");
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : null);
  if (!redirectUri || !isRegisteredRedirectUri(client.redirectUris, redirectUri)) return { kind: "error_page", reason: "bad_redirect_uri" };
  if (!client.isActive) return { kind: "error_page", reason: "disabled_client" };

  const state = single(params, "state");
  const fail = (error: string, description: string): AuthorizationCheck => ({ kind: "redirect_error", redirectUri, state, error, description });
  if (single(params, "response_type") !== "code") return fail("unsupported_response_type", "Only response_type=code is supported.");
  if (!state || state.length > 1000) return fail("invalid_request", "state is required (at most 1000 characters).");

  const challenge = single(params, "code_challenge");
  const method = single(params, "code_challenge_method");
  if (challenge !== null) {
    if (method !== "S256") return fail("invalid_request", "code_challenge_method must be S256.");
    if (!CHALLENGE.test(challenge)) return fail("invalid_request", "code_challenge must be a base64url SHA-256 digest.");
  } else if (client.isPublic) {
    return fail("invalid_request", "PKCE (code_challenge with S256) is required for this client.");
  } else if (method !== null) {
    return fail("invalid_request", "code_challenge_method without code_challenge.");
  }

  const scopeParam = single(params, "scope")?.trim() ?? "";
  if (scopeParam === "") return fail("invalid_scope", `scope is required; known scopes: ${SCOPES.join(" ")}.`);
  // RFC 6749 separates scopes with spaces; commas are accepted too, as some platforms default to them.
  const words = [...new Set(scopeParam.split(/[\s,]+/).filter(Boolean))];
  const unknown = words.filter((word) => !isScope(word));
  if (unknown.length > 0) return fail("invalid_scope", `Unknown scope: ${unknown.join(" ")}.`);
  const scopes = SCOPES.filter((scope) => words.includes(scope));

  return { kind: "ok", request: { client, redirectUri, scopes, state, codeChallenge: challenge } };
}

/** The URL the browser goes back to: `code` or `error`, with `state` and `iss` (RFC 9207) appended to the registered URI. */
export function clientRedirect(redirectUri: string, values: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

/** The issuer identifier: the app's public origin (NEXTAUTH_URL), else the origin the request arrived on. */
export function issuerFor(req: Request): string {
  const configured = config().NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  return new URL(req.url).origin;
}
