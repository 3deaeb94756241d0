import { describe, expect, it } from "vitest";
import { securityHeaderRules } from "../../server/http/security-headers";
import { loadConsentView } from "../../server/oauth/consent-view";
import { verifyConsentToken } from "../../server/oauth/consent-token";
import { sessionCookie } from "../security/support/dashboard-session";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { REDIRECT_URI, registerApp } from "./oauth-client-helpers";

const t = useApiTest({ server: false });
const ISSUER = "https://crm.example";

function request(clientId: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT_URI, response_type: "code", scope: "leads:read webhooks:manage", state: "s1", ...extra });
}

describe("the consent page's decisions", () => {
  it("shows an error page, never a redirect, for an unknown client, an unregistered redirect URI or a disabled app", async () => {
    await sessionCookie({ userId: t.org.ownerId }); // sets NEXTAUTH_SECRET
    const app = await registerApp(t.db);
    const session = { userId: t.org.ownerId, sessionGeneration: 0 };
    expect(await loadConsentView(t.db, request("cli_unknown"), session, ISSUER)).toEqual({ kind: "error", reason: "unknown_client" });
    expect(await loadConsentView(t.db, request(app.client.client_id, { redirect_uri: "https://zap.example/elsewhere" }), session, ISSUER)).toEqual({
      kind: "error",
      reason: "bad_redirect_uri",
    });
    const bad = await loadConsentView(t.db, request(app.client.client_id, { scope: "leads:read admin" }), session, ISSUER);
    expect(bad.kind === "redirect" && new URL(bad.url).searchParams.get("error")).toBe("invalid_scope");
    await t.db.oAuthClient.update({ where: { id: app.dbId }, data: { isActive: false } });
    expect(await loadConsentView(t.db, request(app.client.client_id), session, ISSUER)).toEqual({ kind: "error", reason: "disabled_client" });
  });

  it("sends a signed-out visitor through sign-in, then lists only the person's organizations", async () => {
    const app = await registerApp(t.db, { logoUrl: "https://zap.example/logo.png" });
    const params = request(app.client.client_id);
    const signIn = await loadConsentView(t.db, params, null, ISSUER);
    expect(signIn).toMatchObject({ kind: "sign_in" });
    expect(signIn.kind === "sign_in" && signIn.callbackUrl).toMatch(/^\/oauth\/authorize\?client_id=cli_/);

    const second = await seedOrganization(t.db, { name: "Zeta Homes" });
    await t.db.membership.create({ data: { organizationId: second.id, userId: t.org.ownerId, role: "member" } });
    const foreign = await seedOrganization(t.db, { name: "Not mine" });
    const view = await loadConsentView(t.db, params, { userId: t.org.ownerId, organizationId: second.id, sessionGeneration: 0 }, ISSUER);
    if (view.kind !== "consent") throw new Error(`expected consent, got ${view.kind}`);
    expect(view.app).toEqual({ name: "Zapflow", logoUrl: "https://zap.example/logo.png" });
    expect(view.redirectHost).toBe("zap.example");
    expect(view.scopes).toEqual(["leads:read", "webhooks:manage"]);
    const commas = await loadConsentView(t.db, request(app.client.client_id, { scope: "leads:write,leads:read" }), { userId: t.org.ownerId, sessionGeneration: 0 }, ISSUER);
    expect(commas.kind === "consent" && commas.scopes).toEqual(["leads:read", "leads:write"]);
    expect(view.organizations.map((o) => o.id).sort()).toEqual([t.org.id, second.id].sort());
    expect(view.organizations.some((o) => o.id === foreign.id)).toBe(false);
    expect(view.selectedOrganizationId).toBe(second.id);
    // A member of Zeta Homes cannot grant webhooks:manage there: the page says such scopes are left out.
    expect(view.roleLimited).toBe(true);
    const token = view.fields.find(([name]) => name === "consent_token")![1];
    const subject = { userId: t.org.ownerId, clientId: app.client.client_id, redirectUri: REDIRECT_URI, scopes: view.scopes, state: "s1", codeChallenge: null };
    expect(verifyConsentToken(token, subject)).toBe(true);
    expect(verifyConsentToken(token, { ...subject, state: "s2" })).toBe(false);
    expect(verifyConsentToken(token, { ...subject, userId: second.ownerId })).toBe(false);
  });

  it("offers a private app only in its own organization", async () => {
    const other = await seedOrganization(t.db, {});
    const member = await seedMember(t.db, other.id);
    const app = await registerApp(t.db, { organizationId: other.id });
    const outsider = await loadConsentView(t.db, request(app.client.client_id), { userId: t.org.ownerId, sessionGeneration: 0 }, ISSUER);
    expect(outsider).toEqual({ kind: "error", reason: "no_organization" });
    const inside = await loadConsentView(t.db, request(app.client.client_id), { userId: member.userId, sessionGeneration: 0 }, ISSUER);
    expect(inside.kind === "consent" && inside.organizations.map((o) => o.id)).toEqual([other.id]);
  });

  it("keeps the consent page out of frames while letting its form lead to https redirect URIs", () => {
    const rule = securityHeaderRules(false).find((r) => r.source === "/oauth/authorize")!;
    const csp = rule.headers.find((h) => h.key === "Content-Security-Policy")!.value;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' https:");
  });
});
