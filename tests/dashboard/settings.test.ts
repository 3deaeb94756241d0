import { beforeAll, describe, expect, it } from "vitest";
import { seedMember, seedOAuthToken, seedOrganization, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { rejection, sessionCaller } from "./callers";

const t = useApiTest({ organization: { rateLimitExempt: false }, server: false });
let other: SeededOrganization;

beforeAll(async () => {
  other = await seedOrganization(t.db);
});

describe("who may open Settings", () => {
  it("refuses members on every Settings procedure; admins and owners pass", async () => {
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const caller = await sessionCaller(t.db, member.userId, t.org.id);
    for (const call of [
      () => caller.settings.apiKeys.list(),
      () => caller.settings.apiKeys.create({ name: "x", scopes: ["leads:read"], expiresAt: null }),
      () => caller.settings.connectedApps.list(),
      () => caller.settings.organization.update({ name: "Hijacked", timezone: null, locale: "en" }),
      () => caller.webhooks.dashboardList(),
    ]) {
      expect((await rejection(call())).status).toBe(403);
    }
    // Reading the organization's language and zone is for everyone: the whole dashboard follows them.
    expect((await caller.settings.organization.get()).id).toBe(t.org.id);

    const admin = await seedMember(t.db, t.org.id, { role: "admin" });
    await expect((await sessionCaller(t.db, admin.userId, t.org.id)).settings.apiKeys.list()).resolves.toBeDefined();
  });

  it("applies a demotion at once", async () => {
    const admin = await seedMember(t.db, t.org.id, { role: "admin" });
    const caller = await sessionCaller(t.db, admin.userId, t.org.id);
    await caller.settings.apiKeys.list();
    await t.db.membership.updateMany({ where: { userId: admin.userId, organizationId: t.org.id }, data: { role: "member" } });
    // The role is read from the membership when the next request's principal is built (the same session).
    const nextRequest = await sessionCaller(t.db, admin.userId, t.org.id);
    expect((await rejection(nextRequest.settings.apiKeys.list())).status).toBe(403);
  });
});

describe("API keys", () => {
  it("creates a key shown once, lists it without the secret, and revokes it for this organization only", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const { key, apiKey } = await owner.settings.apiKeys.create({ name: "Website", scopes: ["leads:write", "leads:read"], expiresAt: null });
    expect(key).toMatch(/^svc_k_[0-9a-f]{32}$/);
    expect(apiKey).toMatchObject({ name: "Website", scopes: ["leads:read", "leads:write"], state: "active", expiresAt: null });
    expect(apiKey.createdBy?.name).toBeTruthy();
    const listed = (await owner.settings.apiKeys.list()).data.find((row) => row.id === apiKey.id);
    expect(listed?.displayPrefix).toBe(apiKey.displayPrefix);
    expect(JSON.stringify(listed)).not.toContain(key);

    const stranger = await sessionCaller(t.db, other.ownerId, other.id);
    expect((await rejection(stranger.settings.apiKeys.revoke({ id: apiKey.id }))).status).toBe(404);
    await owner.settings.apiKeys.revoke({ id: apiKey.id });
    expect((await owner.settings.apiKeys.list()).data.find((row) => row.id === apiKey.id)?.state).toBe("revoked");
  });

  it("refuses an empty name, no scopes and a past expiry, field by field", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const failure = await rejection(owner.settings.apiKeys.create({ name: " ", scopes: [], expiresAt: "2001-01-01T00:00:00.000Z" }));
    expect(Object.keys(failure.fields).sort()).toEqual(["expiresAt", "name", "scopes"]);
  });
});

describe("connected apps", () => {
  it("lists the organization's connections and revokes one with its tokens", async () => {
    const first = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: t.org.ownerId, scopes: ["leads:read"] });
    await seedOAuthToken(t.db, { organizationId: other.id, userId: other.ownerId });
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const apps = (await owner.settings.connectedApps.list()).data;
    expect(apps.map((app) => app.clientId)).toEqual([first.client.clientId]);
    expect(apps[0]).toMatchObject({ scopes: ["leads:read"], user: { id: t.org.ownerId } });
    const grantId = apps[0]!.id;

    const stranger = await sessionCaller(t.db, other.ownerId, other.id);
    expect((await rejection(stranger.settings.connectedApps.revoke({ id: grantId }))).status).toBe(404);
    const revoked = await owner.settings.connectedApps.revoke({ id: grantId });
    expect(revoked.revokedTokens).toBe(1);
    expect((await t.db.oAuthAccessToken.findUniqueOrThrow({ where: { id: first.accessToken.id } })).revokedAt).not.toBeNull();
    expect((await owner.settings.connectedApps.list()).data).toEqual([]);
  });
});

describe("organization settings", () => {
  it("updates the name, canonical time zone and language", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const updated = await owner.settings.organization.update({ name: "Renamed", timezone: "europe/madrid", locale: "es" });
    expect(updated).toMatchObject({ name: "Renamed", timezone: "Europe/Madrid", locale: "es" });
    const failure = await rejection(owner.settings.organization.update({ name: "Renamed", timezone: "Nowhere/City", locale: "es" }));
    expect(failure.fields.timezone).toMatch(/IANA/);
  });

  it("keeps the currency lead values are in: USD until an owner picks another, a code that is not ISO 4217 refused on its field", async () => {
    const org = await seedOrganization(t.db);
    const owner = await sessionCaller(t.db, org.ownerId, org.id);
    expect((await owner.settings.organization.get()).currency).toBe("USD");
    const updated = await owner.settings.organization.update({ name: "Inmobiliaria Andina", timezone: null, locale: "es", currency: "cop" });
    expect(updated.currency).toBe("COP");
    // Omitted: unchanged.
    expect((await owner.settings.organization.update({ name: "Inmobiliaria Andina", timezone: null, locale: "es" })).currency).toBe("COP");
    const failure = await rejection(owner.settings.organization.update({ name: "Inmobiliaria Andina", timezone: null, locale: "es", currency: "PESOS" }));
    expect(failure.status).toBe(400);
    expect(Object.keys(failure.fields)).toEqual(["currency"]);
    expect((await owner.settings.organization.get()).currency).toBe("COP");
  });
});
