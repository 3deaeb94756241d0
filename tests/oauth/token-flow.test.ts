import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { setOAuthClientActive } from "../../server/auth/set-oauth-client-active";
import { sha256Hex } from "../../server/auth/tokens";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { connect, discover, insecure, postConsent, refresh, registerApp, REDIRECT_URI } from "./oauth-client-helpers";

const t = useApiTest();

async function me(token: string) {
  return t.server.api("/me", { token });
}

async function refusal(response: Response) {
  return { status: response.status, body: (await response.json()) as { error: string } };
}

describe("authorization code with PKCE", () => {
  it("publishes RFC 8414 metadata that oauth4webapi accepts", async () => {
    const as = await discover(t.server);
    expect(as).toMatchObject({
      issuer: t.server.baseUrl,
      token_endpoint: `${t.server.baseUrl}/oauth/token`,
      authorization_endpoint: `${t.server.baseUrl}/oauth/authorize`,
      revocation_endpoint: `${t.server.baseUrl}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("issues opaque hashed tokens bound to the user and the chosen organization; /me shows oauth", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "leads:read leads:write" });
    expect(tokens.access_token).toMatch(/^oat_/);
    expect(tokens.refresh_token).toMatch(/^ort_/);
    const stored = await t.db.oAuthAccessToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(tokens.access_token) } });
    expect(stored).toMatchObject({ organizationId: t.org.id, userId: t.org.ownerId, scopes: ["leads:read", "leads:write"] });
    expect(JSON.stringify(stored)).not.toContain(tokens.access_token);

    const answer = await me(tokens.access_token);
    expect(answer.status).toBe(200);
    expect((await answer.json()).auth).toMatchObject({ type: "oauth", clientId: app.client.client_id, userId: t.org.ownerId });
    // Scopes behave as for API keys: projects:read was not granted.
    expect((await t.server.api("/projects", { token: tokens.access_token })).status).toBe(403);
  });

  it("refuses a wrong verifier, a wrong redirect URI and a replayed code (which revokes what it issued)", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db, { redirectUris: [REDIRECT_URI, "https://zap.example/other"] });
    const exchange = async (redirectUri: string, verifier: string) => {
      const consent = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id });
      const params = oauth.validateAuthResponse(as, app.client, new URL(consent.response.headers.get("location")!), consent.state);
      return { consent, params, response: await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, redirectUri, verifier, insecure) };
    };
    const wrongVerifier = await exchange(REDIRECT_URI, oauth.generateRandomCodeVerifier());
    expect(await refusal(wrongVerifier.response)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const wrongRedirect = await exchange("https://zap.example/other", oauth.generateRandomCodeVerifier());
    expect(await refusal(wrongRedirect.response)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

    const consent = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id });
    const params = oauth.validateAuthResponse(as, app.client, new URL(consent.response.headers.get("location")!), consent.state);
    const first = await oauth.processAuthorizationCodeResponse(
      as,
      app.client,
      await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, REDIRECT_URI, consent.verifier!, insecure),
    );
    expect((await me(first.access_token)).status).toBe(200);
    const replay = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, REDIRECT_URI, consent.verifier!, insecure);
    expect(await refusal(replay)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await me(first.access_token)).status).toBe(401);
    expect((await refusal(await refresh(as, app, first.refresh_token!))).body.error).toBe("invalid_grant");
  });

  it("accepts a code exchange without redirect_uri for a client with a single registered URI", async () => {
    const app = await registerApp(t.db);
    const consent = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id });
    const code = new URL(consent.response.headers.get("location")!).searchParams.get("code")!;
    const response = await fetch(`${t.server.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: consent.verifier!, client_id: app.client.client_id, client_secret: app.secret! }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { access_token: string }).access_token).toMatch(/^oat_/);
  });

  it("authenticates confidential clients by Basic or body and refuses a wrong secret with 401", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const post = { ...app, auth: oauth.ClientSecretPost(app.secret!) };
    const { tokens } = await connect(t.server, as, post, { userId: t.org.ownerId, organizationId: t.org.id });
    expect(tokens.access_token).toMatch(/^oat_/);
    const wrong = { ...app, auth: oauth.ClientSecretBasic("ocs_wrong") };
    const answer = await refresh(as, wrong, tokens.refresh_token!);
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toMatch(/^Basic/);
    expect((await answer.json()).error).toBe("invalid_client");
  });

  it("serves public clients only with PKCE", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db, { isPublic: true });
    const without = await postConsent(t.server, app, { userId: t.org.ownerId, organizationId: t.org.id, verifier: null });
    const location = new URL(without.response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    const { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    expect((await me(tokens.access_token)).status).toBe(200);
  });
});

describe("refresh rotation", () => {
  it("rotates, answers a reuse inside the grace window with the pair already issued (L6: no second chain), and revokes the grant on reuse after it", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    const [a, b] = await Promise.all([refresh(as, app, tokens.refresh_token!), refresh(as, app, tokens.refresh_token!)]);
    const first = await oauth.processRefreshTokenResponse(as, app.client, a);
    const second = await oauth.processRefreshTokenResponse(as, app.client, b);
    expect(first.refresh_token).not.toBe(tokens.refresh_token);
    expect(second.refresh_token).toBe(first.refresh_token);
    expect(second.access_token).toBe(first.access_token);
    expect(second.expires_in).toBeLessThanOrEqual(first.expires_in!);
    expect((await me(first.access_token)).status).toBe(200);
    const grant = await t.db.oAuthGrant.findFirstOrThrow({ where: { clientId: app.dbId } });
    expect(await t.db.oAuthRefreshToken.count({ where: { grantId: grant.id } })).toBe(2);
    expect(await t.db.oAuthAccessToken.count({ where: { grantId: grant.id } })).toBe(2);
    const stored = await t.db.oAuthRefreshToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(tokens.refresh_token!) } });
    expect(stored.successor).toMatch(/^v1\./);
    expect(stored.successor).not.toContain(first.refresh_token!);

    // A stolen copy used later inside the window gets the same pair, whose refresh token the app already holds.
    const stolen = await oauth.processRefreshTokenResponse(as, app.client, await refresh(as, app, tokens.refresh_token!));
    expect(stolen.refresh_token).toBe(first.refresh_token);

    // Past the grace window, the old token is a replay: the whole grant dies.
    await t.db.oAuthRefreshToken.update({ where: { tokenHash: sha256Hex(tokens.refresh_token!) }, data: { rotatedAt: new Date(Date.now() - 120_000) } });
    expect(await refusal(await refresh(as, app, tokens.refresh_token!))).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await me(first.access_token)).status).toBe(401);
    expect((await refusal(await refresh(as, app, first.refresh_token!))).body.error).toBe("invalid_grant");
  });

  it("erases a rotated token's sealed successor once its grace window is over", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    const next = await oauth.processRefreshTokenResponse(as, app.client, await refresh(as, app, tokens.refresh_token!));
    await t.db.oAuthRefreshToken.update({ where: { tokenHash: sha256Hex(tokens.refresh_token!) }, data: { rotatedAt: new Date(Date.now() - 120_000) } });
    await oauth.processRefreshTokenResponse(as, app.client, await refresh(as, app, next.refresh_token!));
    expect((await t.db.oAuthRefreshToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(tokens.refresh_token!) } })).successor).toBeNull();
  });

  it("refuses a refresh token of another client", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const other = await registerApp(t.db, { name: "Other" });
    const { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    expect((await refusal(await refresh(as, other, tokens.refresh_token!))).body.error).toBe("invalid_grant");
    expect((await refresh(as, app, tokens.refresh_token!)).status).toBe(200);
  });
});

describe("revocation and the bearer check", () => {
  it("revokes the grant from either token (RFC 7009), answering 200 even for unknown tokens", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const { tokens } = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, app.client, app.auth, "ort_unknown", insecure));
    expect((await me(tokens.access_token)).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, app.client, app.auth, tokens.refresh_token!, insecure));
    expect((await me(tokens.access_token)).status).toBe(401);
    expect((await refusal(await refresh(as, app, tokens.refresh_token!))).body.error).toBe("invalid_grant");
  });

  it("answers 401 for an expired token, 403 for a disabled client and for a removed member", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const owner = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id });
    const removed = await connect(t.server, as, app, { userId: member.userId, organizationId: t.org.id, scope: "leads:read webhooks:manage" });
    // A member cannot hand out webhooks:manage; the token says what was granted.
    expect(removed.tokens.scope).toBe("leads:read");

    await t.db.oAuthAccessToken.update({ where: { tokenHash: sha256Hex(owner.tokens.access_token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await refusal(await me(owner.tokens.access_token))).toMatchObject({ status: 401 });
    const renewed = await oauth.processRefreshTokenResponse(as, app.client, await refresh(as, app, owner.tokens.refresh_token!));
    expect((await me(renewed.access_token)).status).toBe(200);

    await t.db.membership.deleteMany({ where: { userId: member.userId, organizationId: t.org.id } });
    expect((await me(removed.tokens.access_token)).status).toBe(403);
    expect((await refusal(await refresh(as, app, removed.tokens.refresh_token!))).body.error).toBe("invalid_grant");

    await setOAuthClientActive(t.db, app.client.client_id, false);
    expect((await me(renewed.access_token)).status).toBe(403);
    expect((await refresh(as, app, renewed.refresh_token!)).status).toBe(401);
    await setOAuthClientActive(t.db, app.client.client_id, true);
    expect((await me(renewed.access_token)).status).toBe(200);
  });
});
