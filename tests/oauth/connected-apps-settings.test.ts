import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { sha256Hex } from "../../server/auth/tokens";
import { rejection, sessionCaller } from "../dashboard/callers";
import { connect, discover, refresh, registerApp } from "./oauth-client-helpers";

const t = useApiTest();

describe("Settings → Connected apps over consented grants", () => {
  it("shows owners every grant and members their own; revoking kills access and refresh tokens and stops the app's webhooks", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db, { name: "Zapflow" });
    const member = await seedMember(t.db, t.org.id, { role: "member", name: "Mia Member" });
    const ownerGrant = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id, scope: "leads:read webhooks:manage" });
    const memberGrant = await connect(t.server, as, app, { userId: member.userId, organizationId: t.org.id });
    await t.server.api("/me", { token: ownerGrant.tokens.access_token });

    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const everyone = (await owner.settings.connectedApps.list()).data;
    expect(everyone.map((grant) => grant.user.id).sort()).toEqual([t.org.ownerId, member.userId].sort());
    expect(everyone.every((grant) => grant.name === "Zapflow")).toBe(true);

    const memberCaller = await sessionCaller(t.db, member.userId, t.org.id);
    expect((await rejection(memberCaller.settings.connectedApps.list())).status).toBe(403);
    const own = (await memberCaller.settings.connectedApps.mine()).data;
    expect(own.map((grant) => grant.user.id)).toEqual([member.userId]);
    const ownersGrantId = everyone.find((grant) => grant.user.id === t.org.ownerId)!.id;
    expect((await rejection(memberCaller.settings.connectedApps.revoke({ id: ownersGrantId }))).status).toBe(404);

    // The app subscribed to webhooks through the owner's connection.
    const subscribed = await t.server.api("/webhooks/subscriptions", {
      token: ownerGrant.tokens.access_token,
      method: "POST",
      json: { target_url: "https://93.184.216.34/hooks/zap", event: "lead.created", external_id: "zap-1" },
    });
    expect(subscribed.status).toBe(201);
    const subscription = (await subscribed.json()) as { id: string };

    await memberCaller.settings.connectedApps.revoke({ id: own[0]!.id });
    expect((await t.server.api("/me", { token: memberGrant.tokens.access_token })).status).toBe(401);
    expect((await refresh(as, app, memberGrant.tokens.refresh_token!)).status).toBe(400);
    // Another person's connection of the same app is still alive: its subscriptions stay.
    expect((await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).isActive).toBe(true);
    expect((await t.server.api("/me", { token: ownerGrant.tokens.access_token })).status).toBe(200);

    await owner.settings.connectedApps.revoke({ id: ownersGrantId });
    expect((await t.server.api("/me", { token: ownerGrant.tokens.access_token })).status).toBe(401);
    const renewal = await refresh(as, app, ownerGrant.tokens.refresh_token!);
    await expect(oauth.processRefreshTokenResponse(as, app.client, renewal)).rejects.toThrow();
    expect((await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).isActive).toBe(false);
    expect((await owner.settings.connectedApps.list()).data).toEqual([]);
  });
});

describe("connecting the same app again", () => {
  it("joins the person's live connection: one row, both token pairs work, one revoke ends both", async () => {
    const as = await discover(t.server);
    const app = await registerApp(t.db, { name: "Twice" });
    const first = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id, scope: "leads:read" });
    const second = await connect(t.server, as, app, { userId: t.org.ownerId, organizationId: t.org.id, scope: "projects:read" });
    expect(second.tokens.scope).toBe("projects:read");
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const rows = (await owner.settings.connectedApps.mine()).data.filter((grant) => grant.name === "Twice");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scopes.sort()).toEqual(["leads:read", "projects:read"]);
    expect((await t.server.api("/me", { token: first.tokens.access_token })).status).toBe(200);
    expect((await t.server.api("/leads", { token: second.tokens.access_token })).status).toBe(403);
    await owner.settings.connectedApps.revoke({ id: rows[0]!.id });
    expect((await t.server.api("/me", { token: first.tokens.access_token })).status).toBe(401);
    expect((await t.server.api("/me", { token: second.tokens.access_token })).status).toBe(401);
  });
});

describe("an organization's own apps", () => {
  it("lets owners register a private client (secret shown once), list it and disable it; others may not", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const created = await owner.settings.privateApps.create({
      name: "Our n8n",
      redirectUris: ["https://n8n.acme.example/rest/oauth2-credential/callback"],
      isPublic: false,
      logoUrl: null,
    });
    expect(created.clientSecret).toMatch(/^ocs_/);
    const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { id: created.app.id } });
    expect(row).toMatchObject({ organizationId: t.org.id, secretHash: sha256Hex(created.clientSecret!) });
    expect((await owner.settings.privateApps.list()).data.map((app) => app.clientId)).toEqual([created.app.clientId]);
    expect(JSON.stringify(await owner.settings.privateApps.list())).not.toContain(created.clientSecret!);

    const invalid = await rejection(owner.settings.privateApps.create({ name: "x", redirectUris: ["http://n8n.acme.example/cb"], isPublic: true, logoUrl: null }));
    expect(invalid.status).toBe(400);

    const admin = await seedMember(t.db, t.org.id, { role: "admin" });
    const adminCaller = await sessionCaller(t.db, admin.userId, t.org.id);
    expect((await rejection(adminCaller.settings.privateApps.list())).status).toBe(403);

    const other = await seedOrganization(t.db, {});
    const stranger = await sessionCaller(t.db, other.ownerId, other.id);
    expect((await rejection(stranger.settings.privateApps.setActive({ id: created.app.id, isActive: false }))).status).toBe(404);
    expect((await stranger.settings.privateApps.list()).data).toEqual([]);

    expect((await owner.settings.privateApps.setActive({ id: created.app.id, isActive: false })).isActive).toBe(false);
  });
});
