import * as oauth from "oauth4webapi";
import { CALENDAR_SCOPES_ACCEPTED, GOOGLE_SCOPES, type GoogleSettings } from "../google-settings";
import { MissingCalendarScope, ProviderUnavailable, ReconnectRequired, type PendingAuthorization, type ProviderTokens } from "../provider";

/**
 * Google's OAuth 2.0 (authorization code + PKCE S256, offline access, refresh,
 * revocation) through oauth4webapi, which checks every response as the RFCs
 * say. Loopback http is allowed only for a fake on this machine.
 */
function server(settings: GoogleSettings): oauth.AuthorizationServer {
  return {
    issuer: new URL(settings.authorizationEndpoint).origin,
    authorization_endpoint: settings.authorizationEndpoint,
    token_endpoint: settings.tokenEndpoint,
    revocation_endpoint: settings.revocationEndpoint,
  };
}

function requestOptions(settings: GoogleSettings, url: string) {
  const host = new URL(url).hostname;
  return {
    signal: AbortSignal.timeout(settings.timeoutMs),
    [oauth.allowInsecureRequests]: host === "127.0.0.1" || host === "localhost",
  };
}

/** invalid_grant means the grant is gone; anything else from Google's side is a retryable outage. */
function translated(error: unknown): Error {
  if (error instanceof oauth.ResponseBodyError) {
    if (error.error === "invalid_grant") return new ReconnectRequired(error.error_description ?? error.error);
    return new ProviderUnavailable(`${error.status} ${error.error}`);
  }
  return new ProviderUnavailable(error instanceof Error ? error.message : String(error));
}

function tokensOf(response: oauth.TokenEndpointResponse): ProviderTokens {
  return {
    accessToken: response.access_token,
    expiresAt: new Date(Date.now() + (response.expires_in ?? 3600) * 1000),
    refreshToken: response.refresh_token,
    scopes: (response.scope ?? "").split(" ").filter(Boolean),
  };
}

export async function googleAuthorizationUrl(
  settings: GoogleSettings,
  p: { state: string; codeVerifier: string; redirectUri: string; loginHint?: string },
): Promise<URL> {
  const url = new URL(settings.authorizationEndpoint);
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", p.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", GOOGLE_SCOPES.join(" "));
  url.searchParams.set("state", p.state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(p.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  // A refresh token is only returned with offline access, and again on reconnect only with prompt=consent.
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  url.searchParams.set("include_granted_scopes", "true");
  if (p.loginHint) url.searchParams.set("login_hint", p.loginHint);
  return url;
}

export async function exchangeGoogleCode(
  settings: GoogleSettings,
  p: { callbackUrl: URL; pending: PendingAuthorization; redirectUri: string },
): Promise<ProviderTokens & { refreshToken: string; accountEmail: string }> {
  const as = server(settings);
  const client: oauth.Client = { client_id: settings.clientId };
  // Throws on a wrong state or an `error=` callback (access denied): the caller shows the reason.
  const parameters = oauth.validateAuthResponse(as, client, p.callbackUrl, p.pending.state);
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(settings.clientSecret),
      parameters,
      p.redirectUri,
      p.pending.codeVerifier,
      requestOptions(settings, settings.tokenEndpoint),
    );
    const answer = await oauth.processAuthorizationCodeResponse(as, client, response, { requireIdToken: true });
    const tokens = tokensOf(answer);
    // Granular consent lets the member untick the calendar: then nothing would work, so say so now.
    if (!tokens.scopes.some((scope) => (CALENDAR_SCOPES_ACCEPTED as readonly string[]).includes(scope))) {
      throw new MissingCalendarScope(tokens.scopes.join(" "));
    }
    if (!tokens.refreshToken) throw new ProviderUnavailable("Google returned no refresh token");
    // The ID token came straight from Google's token endpoint over TLS, so its claims need no signature check (OIDC Core 3.1.3.7).
    const claims = oauth.getValidatedIdTokenClaims(answer);
    const email = typeof claims?.email === "string" ? claims.email : "";
    if (!email) throw new ProviderUnavailable("Google's ID token carried no email claim");
    return { ...tokens, refreshToken: tokens.refreshToken, accountEmail: email };
  } catch (error) {
    throw error instanceof ProviderUnavailable || error instanceof MissingCalendarScope ? error : translated(error);
  }
}

export async function refreshGoogleToken(settings: GoogleSettings, refreshToken: string): Promise<ProviderTokens> {
  const as = server(settings);
  const client: oauth.Client = { client_id: settings.clientId };
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(settings.clientSecret),
      refreshToken,
      requestOptions(settings, settings.tokenEndpoint),
    );
    return tokensOf(await oauth.processRefreshTokenResponse(as, client, response));
  } catch (error) {
    throw translated(error);
  }
}

export async function revokeGoogleToken(settings: GoogleSettings, token: string): Promise<void> {
  const as = server(settings);
  const client: oauth.Client = { client_id: settings.clientId };
  try {
    const response = await oauth.revocationRequest(
      as,
      client,
      oauth.ClientSecretPost(settings.clientSecret),
      token,
      requestOptions(settings, settings.revocationEndpoint),
    );
    await oauth.processRevocationResponse(response);
  } catch (error) {
    // A token Google no longer knows (invalid_token / invalid_grant) is as revoked as it gets.
    if (error instanceof oauth.ResponseBodyError && /invalid_(token|grant)/.test(error.error)) return;
    throw translated(error);
  }
}
