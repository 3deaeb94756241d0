import { dictionaryFor, localeFromAcceptLanguage } from "../../lib/i18n/dictionaries";
import type { Dictionary } from "../../lib/i18n/en";
import { getDb } from "../db";
import { isUuid } from "../ids";
import type { Db } from "../db/client";
import { readDashboardSession } from "../auth/read-session";
import { isSessionCurrent } from "../auth/sessions";
import { logger } from "../system/logger";
import { checkAuthorizationRequest, clientRedirect, issuerFor } from "./authorization-request";
import { grantableScopes, issueAuthorizationCode } from "./authorization-codes";
import { verifyConsentToken } from "./consent-token";
import { readForm } from "./token-endpoint";

/** Path of the consent form's target (a route handler; the page itself is `/oauth/authorize`). */
export const CONSENT_DECISION_PATH = "/oauth/authorize/decision";

/** The authorization parameters the consent form carries back unchanged (and that are checked again). */
export const AUTHORIZE_PARAMETERS = ["client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method"] as const;

type DecisionError = keyof Dictionary["oauth"]["decisionErrors"];

/** A plain error page in the browser's language; the reasons are fixed strings, nothing of the request is echoed. */
function page(req: Request, status: number, reason: DecisionError): Response {
  const locale = localeFromAcceptLanguage(req.headers.get("accept-language"));
  const t = dictionaryFor(locale).oauth;
  const body = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${t.consent.errorTitle}</title></head><body><main><h1>${t.consent.errorTitle}</h1><p>${t.decisionErrors[reason]}</p></main></body></html>`;
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Back to the client's redirect URI: a 303, except for `http://[::1]` URIs.
 * The consent form's CSP `form-action` governs the redirect that answers it,
 * and CSP cannot name an IPv6 literal, so for those the answer is a page that
 * navigates there (a navigation, which form-action does not govern), with a link as fallback.
 */
function toClient(location: string): Response {
  if (new URL(location).hostname !== "[::1]") return seeOther(location);
  const href = escapeHtml(location);
  const body = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>inmo</title></head><body><a href="${href}">Continue</a></body></html>`;
  return new Response(body, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

async function signedInUser(db: Db, req: Request): Promise<string | null> {
  const session = await readDashboardSession(req);
  if (!session?.userId) return null;
  const user = await db.user.findUnique({ where: { id: session.userId }, select: { sessionGeneration: true } });
  return user && isSessionCurrent(session.sessionGeneration, user.sessionGeneration) ? session.userId : null;
}

/**
 * POST /oauth/authorize/decision: Allow or Cancel on the consent page. Only
 * a same-origin form of a signed-in user with a valid consent token gets
 * through; then Allow sends the browser to the client with a code, Cancel
 * with `error=access_denied`. Errors about the client or redirect URI stay
 * on our side as a page.
 */
export async function handleConsentDecision(req: Request): Promise<Response> {
  const issuer = issuerFor(req);
  const origin = req.headers.get("origin");
  if (origin !== issuer && origin !== new URL(req.url).origin) return page(req, 403, "origin");
  let form: URLSearchParams;
  try {
    form = await readForm(req);
  } catch {
    return page(req, 400, "malformed");
  }
  const db = await getDb();
  const params = new URLSearchParams();
  for (const name of AUTHORIZE_PARAMETERS) for (const value of form.getAll(name)) params.append(name, value);

  const userId = await signedInUser(db, req);
  if (!userId) return seeOther(`/login?callbackUrl=${encodeURIComponent(`/oauth/authorize?${params}`)}`);

  const check = await checkAuthorizationRequest(db, params);
  if (check.kind === "error_page") return page(req, 400, "invalidApp");
  if (check.kind === "redirect_error") {
    return toClient(clientRedirect(check.redirectUri, { error: check.error, error_description: check.description, state: check.state, iss: issuer }));
  }
  const request = check.request;
  const subject = { userId, clientId: request.client.clientId, redirectUri: request.redirectUri, scopes: request.scopes, state: request.state, codeChallenge: request.codeChallenge };
  if (!verifyConsentToken(form.get("consent_token") ?? "", subject)) return page(req, 403, "expired");

  const back = (values: Record<string, string | null>) => toClient(clientRedirect(request.redirectUri, { ...values, state: request.state, iss: issuer }));
  if (form.get("decision") !== "allow") return back({ error: "access_denied", error_description: "The user cancelled." });

  // The organization picker lists the user's memberships only; a forged value is checked against them here.
  const organizationId = form.get("organization_id") ?? "";
  const membership = isUuid(organizationId)
    ? await db.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } }, select: { organizationId: true, role: true } })
    : null;
  if (!membership || (request.client.organizationId !== null && request.client.organizationId !== membership.organizationId)) {
    return page(req, 400, "organization");
  }
  const scopes = grantableScopes(request.scopes, membership.role);
  if (scopes.length === 0) return back({ error: "access_denied", error_description: "Your role cannot grant any of the requested scopes." });
  const code = await issueAuthorizationCode(db, {
    clientDbId: request.client.id,
    userId,
    organizationId: membership.organizationId,
    scopes,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
  });
  logger.info("oauth.consent_allowed", { clientId: request.client.clientId, organizationId: membership.organizationId });
  return back({ code });
}
