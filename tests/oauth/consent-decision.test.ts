import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { postConsent, registerApp } from "./oauth-client-helpers";

const t = useApiTest();

function locationOf(response: Response): URL {
  return new URL(response.headers.get("location")!);
}

describe("the consent decision", () => {
  it("sends Allow back with a code, the state and the issuer, and Cancel with access_denied", async () => {
    const app = await registerApp(t.db);
    const allowed = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id });
    expect(allowed.response.status).toBe(303);
    const back = locationOf(allowed.response);
    expect(`${back.origin}${back.pathname}`).toBe("https://zap.example/oauth/return");
    expect(back.searchParams.get("code")).toMatch(/^oac_/);
    expect(back.searchParams.get("state")).toBe(allowed.state);
    expect(back.searchParams.get("iss")).toBe(t.server.baseUrl);

    const cancelled = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id, decision: "cancel" });
    expect(locationOf(cancelled.response).searchParams.get("error")).toBe("access_denied");
    expect(locationOf(cancelled.response).searchParams.get("state")).toBe(cancelled.state);
  });

  it("sends a client registered on http://[::1] back by a page that navigates (CSP cannot name an IPv6 host for the redirect)", async () => {
    const app = await registerApp(t.db, { redirectUris: ["http://[::1]:8765/callback"] });
    const allowed = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id, redirectUri: "http://[::1]:8765/callback" });
    expect(allowed.response.status).toBe(200);
    expect(allowed.response.headers.get("location")).toBeNull();
    const html = await allowed.response.text();
    const target = new URL(/content="0;url=([^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&"));
    expect(`${target.origin}${target.pathname}`).toBe("http://[::1]:8765/callback");
    expect(target.searchParams.get("code")).toMatch(/^oac_/);
    expect(target.searchParams.get("state")).toBe(allowed.state);
    expect(html).toContain(`<a href="${target.toString().replaceAll("&", "&amp;")}">`);
  });

  it("refuses a foreign origin, a forged consent token and an organization the user does not belong to", async () => {
    const app = await registerApp(t.db);
    const foreign = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id, headers: { origin: "https://evil.example" } });
    expect(foreign.response.status).toBe(403);
    const forged = await postConsent(t.server, app, {
      userId: t.org.ownerId,
      organizationId: t.org.id,
      form: { consent_token: "9999999999.forged" },
      headers: { "accept-language": "es-ES,es;q=0.9" },
    });
    expect(forged.response.status).toBe(403);
    expect(await forged.response.text()).toContain("Vuelve a iniciar la conexión");
    const other = await seedOrganization(t.db, {});
    const stranger = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id, form: { organization_id: other.id } });
    expect(stranger.response.status).toBe(400);
    expect(stranger.response.headers.get("location")).toBeNull();
    expect(await t.db.oAuthAuthorizationCode.count({ where: { clientId: app.dbId } })).toBe(0);
  });

  it("never redirects to an unregistered redirect URI, an unknown or a disabled client", async () => {
    const app = await registerApp(t.db);
    const unregistered = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id, redirectUri: "https://zap.example/oauth/return/../evil" });
    expect(unregistered.response.status).toBe(400);
    expect(unregistered.response.headers.get("location")).toBeNull();
    const unknown = await postConsent(t.server, { ...app, client: { client_id: "cli_nope" } }, { userId: t.org.ownerId, organizationId: t.org.id });
    expect(unknown.response.status).toBe(400);
    await t.db.oAuthClient.update({ where: { id: app.dbId }, data: { isActive: false } });
    const disabled = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id });
    expect(disabled.response.status).toBe(400);
    expect(disabled.response.headers.get("location")).toBeNull();
  });

  it("binds a private app to its own organization only", async () => {
    const other = await seedOrganization(t.db, {});
    const app = await registerApp(t.db, { organizationId: other.id });
    const refused = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id });
    expect(refused.response.status).toBe(400);
  });

  it("sends a signed-out browser to sign-in and back to the authorization request", async () => {
    const app = await registerApp(t.db);
    const { response } = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id, headers: { cookie: "" } });
    expect(response.status).toBe(303);
    const login = new URL(response.headers.get("location")!, t.server.baseUrl);
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("callbackUrl")).toMatch(/^\/oauth\/authorize\?client_id=/);
  });
});
