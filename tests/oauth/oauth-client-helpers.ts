import * as oauth from "oauth4webapi";
import type { Db } from "../../server/db/client";
import { mintConsentToken } from "../../server/oauth/consent-token";
import { registerOAuthClient, type RegisterOAuthClientInput } from "../../server/oauth/register-client";
import type { TestServer } from "../support/api-server";
import { sessionCookie } from "../security/support/dashboard-session";

export const REDIRECT_URI = "https://zap.example/oauth/return";

/** oauth4webapi as a strict client of the test server (plain http on loopback). */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function discover(server: TestServer): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(server.baseUrl);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
}

export interface TestApp {
  client: oauth.Client;
  auth: oauth.ClientAuth;
  dbId: string;
  secret: string | null;
}

export async function registerApp(db: Db, overrides: Partial<RegisterOAuthClientInput> = {}): Promise<TestApp> {
  const { client, clientSecret } = await registerOAuthClient(db, { name: "Zapflow", redirectUris: [REDIRECT_URI], ...overrides });
  return {
    client: { client_id: client.clientId },
    auth: clientSecret ? oauth.ClientSecretBasic(clientSecret) : oauth.None(),
    dbId: client.id,
    secret: clientSecret,
  };
}

export interface ConsentOptions {
  userId: string;
  organizationId: string;
  scope?: string;
  redirectUri?: string;
  decision?: "allow" | "cancel";
  verifier?: string | null;
  /** Overrides of what the browser posts (to forge or break it). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * What the consent page's form posts when the person clicks Allow or Cancel
 * (the page renders the same fields and consent token). Returns the answer
 * unfollowed, with the PKCE verifier and state the client keeps.
 */
export async function postConsent(server: TestServer, app: TestApp, options: ConsentOptions) {
  const verifier = options.verifier === undefined ? oauth.generateRandomCodeVerifier() : options.verifier;
  const challenge = verifier === null ? null : await oauth.calculatePKCECodeChallenge(verifier);
  const state = oauth.generateRandomState();
  const redirectUri = options.redirectUri ?? REDIRECT_URI;
  const scope = options.scope ?? "leads:read leads:write";
  const scopes = scope.split(" ");
  const params: Record<string, string> = { client_id: app.client.client_id, redirect_uri: redirectUri, response_type: "code", scope, state };
  if (challenge) Object.assign(params, { code_challenge: challenge, code_challenge_method: "S256" });
  const { SCOPES } = await import("../../server/auth/scopes");
  const cookie = await sessionCookie({ userId: options.userId, organizationId: options.organizationId }); // also sets NEXTAUTH_SECRET
  const consentToken = mintConsentToken({
    userId: options.userId,
    clientId: app.client.client_id,
    redirectUri,
    scopes: SCOPES.filter((s) => scopes.includes(s)),
    state,
    codeChallenge: challenge,
  });
  const body = new URLSearchParams({ ...params, consent_token: consentToken, organization_id: options.organizationId, decision: options.decision ?? "allow", ...options.form });
  const response = await fetch(`${server.baseUrl}/oauth/authorize/decision`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.baseUrl,
      cookie,
      ...options.headers,
    },
    body,
  });
  return { response, verifier, state, redirectUri };
}

/** Consent, then the code exchange, as a platform does it; returns the token response. */
export async function connect(server: TestServer, as: oauth.AuthorizationServer, app: TestApp, options: ConsentOptions) {
  const consent = await postConsent(server, app, options);
  if (consent.response.status !== 303) throw new Error(`consent answered ${consent.response.status}: ${await consent.response.text()}`);
  const params = oauth.validateAuthResponse(as, app.client, new URL(consent.response.headers.get("location")!), consent.state);
  const response = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, consent.redirectUri, consent.verifier ?? oauth.nopkce, insecure);
  return { tokens: await oauth.processAuthorizationCodeResponse(as, app.client, response), params, consent };
}

export function refresh(as: oauth.AuthorizationServer, app: TestApp, refreshToken: string) {
  return oauth.refreshTokenGrantRequest(as, app.client, app.auth, refreshToken, insecure);
}
