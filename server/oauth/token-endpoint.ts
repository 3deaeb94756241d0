import { getDb } from "../db";
import { readBoundedBody } from "../http/bounded-body";
import { authenticateThrottledClient } from "./client-throttle";
import { exchangeAuthorizationCode, refreshGrant } from "./grants";
import { OAuthError, oauthErrorResponse, oauthJson } from "./oauth-error";
import { throttledResponse } from "./token-endpoint-budget";

const FORM_BODY_LIMIT = 16_384;

/** Reads the form body of an OAuth endpoint (RFC 6749 section 3.2: application/x-www-form-urlencoded). */
export async function readForm(req: Request): Promise<URLSearchParams> {
  if (req.method !== "POST") throw new OAuthError("invalid_request", "Use POST.", { Allow: "POST" });
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "The body must be application/x-www-form-urlencoded.");
  }
  try {
    return new URLSearchParams(await readBoundedBody(req, FORM_BODY_LIMIT));
  } catch {
    throw new OAuthError("invalid_request", "The body is too large.");
  }
}

function one(form: URLSearchParams, name: string): string | null {
  const values = form.getAll(name);
  if (values.length > 1) throw new OAuthError("invalid_request", `${name} is repeated.`);
  return values[0] ?? null;
}

/** POST /oauth/token: authorization_code (with PKCE) and refresh_token (rotating). */
export async function handleTokenRequest(req: Request): Promise<Response> {
  try {
    const form = await readForm(req);
    const db = await getDb();
    const client = await authenticateThrottledClient(db, req, form);
    const grantType = one(form, "grant_type");
    if (grantType === "authorization_code") {
      const code = one(form, "code");
      if (!code) throw new OAuthError("invalid_request", "code is required.");
      return oauthJson(await exchangeAuthorizationCode(db, client, { code, redirectUri: one(form, "redirect_uri"), codeVerifier: one(form, "code_verifier") }));
    }
    if (grantType === "refresh_token") {
      const refreshToken = one(form, "refresh_token");
      if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required.");
      return oauthJson(await refreshGrant(db, client, refreshToken, one(form, "scope")));
    }
    if (!grantType) throw new OAuthError("invalid_request", "grant_type is required.");
    throw new OAuthError("unsupported_grant_type", "Supported: authorization_code, refresh_token.");
  } catch (error) {
    return throttledResponse(error) ?? oauthErrorResponse(error);
  }
}
