import type { Db } from "../db/client";
import { isSessionCurrent } from "../auth/sessions";
import type { Scope } from "../auth/scopes";
import { grantableScopes } from "./authorization-codes";
import { checkAuthorizationRequest, clientRedirect } from "./authorization-request";
import { AUTHORIZE_PARAMETERS } from "./consent-decision";
import { mintConsentToken } from "./consent-token";

/**
 * What `/oauth/authorize` shows, decided on the server: an error page (bad
 * client or redirect URI: never a redirect), a redirect back to the client
 * with an error, a detour through sign-in, or the consent form with the
 * person's organizations (only memberships; a private app only its own).
 */
export type ConsentView =
  | { kind: "error"; reason: "unknown_client" | "disabled_client" | "bad_redirect_uri" | "missing_parameter" | "no_organization" }
  | { kind: "redirect"; url: string }
  | { kind: "sign_in"; callbackUrl: string }
  | {
      kind: "consent";
      app: { name: string; logoUrl: string | null };
      redirectHost: string;
      scopes: Scope[];
      organizations: { id: string; name: string }[];
      /** Some requested scope is beyond the person's role in one of the organizations (it is left out there). */
      roleLimited: boolean;
      selectedOrganizationId: string;
      email: string;
      /** The hidden fields the form posts back: the request itself and the consent token. */
      fields: [string, string][];
    };

export interface ConsentSession {
  userId?: string;
  organizationId?: string;
  sessionGeneration?: number;
}

export async function loadConsentView(db: Db, params: URLSearchParams, session: ConsentSession | null, issuer: string): Promise<ConsentView> {
  const check = await checkAuthorizationRequest(db, params);
  if (check.kind === "error_page") return { kind: "error", reason: check.reason };
  if (check.kind === "redirect_error") {
    return { kind: "redirect", url: clientRedirect(check.redirectUri, { error: check.error, error_description: check.description, state: check.state, iss: issuer }) };
  }
  const kept = new URLSearchParams();
  for (const name of AUTHORIZE_PARAMETERS) for (const value of params.getAll(name)) kept.append(name, value);
  const signIn: ConsentView = { kind: "sign_in", callbackUrl: `/oauth/authorize?${kept}` };
  if (!session?.userId) return signIn;
  const user = await db.user.findUnique({ where: { id: session.userId }, select: { email: true, sessionGeneration: true } });
  if (!user || !isSessionCurrent(session.sessionGeneration, user.sessionGeneration)) return signIn;

  const { request } = check;
  const memberships = await db.membership.findMany({
    where: { userId: session.userId, ...(request.client.organizationId ? { organizationId: request.client.organizationId } : {}) },
    select: { role: true, organization: { select: { id: true, name: true } } },
    orderBy: { organization: { name: "asc" } },
  });
  if (memberships.length === 0) return { kind: "error", reason: "no_organization" };
  const organizations = memberships.map((m) => m.organization);
  const roleLimited = memberships.some((m) => grantableScopes(request.scopes, m.role).length < request.scopes.length);
  const consentToken = mintConsentToken({
    userId: session.userId,
    clientId: request.client.clientId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    state: request.state,
    codeChallenge: request.codeChallenge,
  });
  // redirect_uri is sent back explicitly, even when the client left it out (its only registered URI).
  kept.set("redirect_uri", request.redirectUri);
  return {
    kind: "consent",
    app: { name: request.client.name, logoUrl: request.client.logoUrl },
    redirectHost: new URL(request.redirectUri).host,
    scopes: request.scopes,
    organizations,
    roleLimited,
    selectedOrganizationId: organizations.find((o) => o.id === session.organizationId)?.id ?? organizations[0]!.id,
    email: user.email,
    fields: [...kept.entries(), ["consent_token", consentToken]],
  };
}
