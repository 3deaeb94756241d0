import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../server/auth/tokens";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { sessionCookie } from "../security/support/dashboard-session";
import { trpc } from "../team/support/team-http";
import { connect, discover, insecure, refresh, registerApp } from "./oauth-client-helpers";

/**
 * M1: a person's connected apps hold no more than the person's role may. An
 * admin's app with `webhooks:manage` loses it when the admin is demoted: at
 * once (its access tokens carrying more are revoked and its connection
 * narrowed), at refresh, and at bearer resolution (which also cuts
 * connections made before roles capped scopes). Through the real consent
 * page, token endpoint, dashboard door and REST door.
 */
const t = useApiTest();
const TARGET = "https://93.184.216.34/inmo-hook";

async function promoted(role: "admin" | "member") {
  const person = await seedMember(t.db, t.org.id, { role });
  return { ...person, cookie: await sessionCookie({ userId: person.userId, organizationId: t.org.id }) };
}

async function changeRole(membershipId: string, role: string) {
  const ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
  const answer = await trpc(t.server, "team.members.changeRole", { cookie: ownerCookie, mutation: true, input: { membershipId, role } });
  expect(answer.status).toBe(200);
}

const subscribe = (token: string) =>
  t.server.api("/webhooks/subscriptions", { token, method: "POST", json: { target_url: TARGET, event: "lead.created", name: "demotion test" } });

async function me(token: string) {
  const response = await t.server.api("/me", { token });
  return { status: response.status, scopes: response.status === 200 ? ((await response.json()) as { auth: { scopes: string[] } }).auth.scopes : null };
}

describe("a role change narrows the person's connected apps", () => {
  it("a demoted admin's app loses webhooks:manage at once, and its refreshed tokens never get it back", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const admin = await promoted("admin");
    const { tokens } = await connect(t.server, as, app, { userId: admin.userId, organizationId: t.org.id, scope: "leads:read webhooks:manage" });
    expect(tokens.scope).toBe("leads:read webhooks:manage");
    expect((await subscribe(tokens.access_token)).status).toBe(201);

    await changeRole(admin.membershipId, "member");

    // The token carried more than a member may hold: revoked (the platform refreshes on 401).
    expect((await me(tokens.access_token)).status).toBe(401);
    const refreshed = await refresh(as, app, tokens.refresh_token!);
    expect(refreshed.status).toBe(200);
    const pair = (await refreshed.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(pair.scope).toBe("leads:read");
    expect(await me(pair.access_token)).toEqual({ status: 200, scopes: ["leads:read"] });
    const refused = await subscribe(pair.access_token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({ code: "FORBIDDEN", message: "Only owners and admins of the organization can do this." });
    expect((await t.server.api("/leads", { token: pair.access_token })).status).toBe(200);
    // The connection itself is narrowed, as the person's profile shows it.
    const mine = await trpc<{ data: { name: string; scopes: string[] }[] }>(t.server, "settings.connectedApps.mine", { cookie: admin.cookie });
    expect(mine.data.data.map((grant) => grant.scopes)).toEqual([["leads:read"]]);

    // Promoted again, the connection does not widen by itself: reconnecting is a new consent.
    await changeRole(admin.membershipId, "admin");
    const again = await refresh(as, app, pair.refresh_token);
    expect(((await again.json()) as { scope: string }).scope).toBe("leads:read");
  });

  it("a connection left with nothing its new role may hold is revoked", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const admin = await promoted("admin");
    const { tokens } = await connect(t.server, as, app, { userId: admin.userId, organizationId: t.org.id, scope: "webhooks:manage" });
    await changeRole(admin.membershipId, "member");
    expect((await me(tokens.access_token)).status).toBe(401);
    const refreshed = await refresh(as, app, tokens.refresh_token!);
    expect([refreshed.status, ((await refreshed.json()) as { error: string }).error]).toEqual([400, "invalid_grant"]);
    const grant = await t.db.oAuthGrant.findFirstOrThrow({ where: { clientId: app.dbId, userId: admin.userId } });
    expect(grant.revokedReason).toBe("role_changed");
  });

  it("a connection made before roles capped scopes is cut at bearer resolution and at refresh", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db);
    const member = await promoted("member");
    // The consent page grants a member only what a member may hold…
    const { tokens } = await connect(t.server, as, app, { userId: member.userId, organizationId: t.org.id, scope: "leads:read webhooks:manage" });
    expect(tokens.scope).toBe("leads:read");
    // …so write the rows as an older version left them: the grant and its token with webhooks:manage.
    const stored = await t.db.oAuthAccessToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(tokens.access_token) } });
    await t.db.oAuthAccessToken.update({ where: { id: stored.id }, data: { scopes: ["leads:read", "webhooks:manage"] } });
    await t.db.oAuthGrant.update({ where: { id: stored.grantId! }, data: { scopes: ["leads:read", "webhooks:manage"] } });

    expect(await me(tokens.access_token)).toEqual({ status: 200, scopes: ["leads:read"] });
    expect((await subscribe(tokens.access_token)).status).toBe(403);
    expect(await t.db.webhookSubscription.count({ where: { organizationId: t.org.id, managedByClientId: app.dbId } })).toBe(0);

    const refreshed = await refresh(as, app, tokens.refresh_token!);
    const pair = (await refreshed.json()) as { scope: string; refresh_token: string };
    expect(pair.scope).toBe("leads:read");
    expect((await t.db.oAuthGrant.findUniqueOrThrow({ where: { id: stored.grantId! } })).scopes).toEqual(["leads:read"]);
    // Asking a refresh for the cut scope is asking for more than the connection holds (RFC 6749 section 6).
    const wider = await oauth.refreshTokenGrantRequest(as, app.client, app.auth, pair.refresh_token, {
      ...insecure,
      additionalParameters: { scope: "leads:read webhooks:manage" },
    });
    expect([wider.status, ((await wider.json()) as { error: string }).error]).toEqual([400, "invalid_scope"]);
  });
});
