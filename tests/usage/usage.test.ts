import { describe, expect, it } from "vitest";
import { sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { issueOAuthAccessToken } from "../../server/auth/oauth-clients";
import { SCOPES } from "../../server/auth/scopes";
import { flushApiUsageCounts } from "../../server/usage/request-counter";
import { flushBufferedUsage } from "../../server/rate-limit/usage-buffer";

const t = useApiTest({ organization: false });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function usage(token: string): Promise<Json> {
  const response = await t.server.api("/usage", { token });
  expect(response.status).toBe(200);
  return response.json();
}

describe("GET /usage (extension)", () => {
  it("reads the limiter's counters: windows and month against the ceilings, what is left", async () => {
    const org = await seedOrganization(t.db, { rateLimitPerSecond: 50, rateLimitPerMonth: 1000 });
    for (let i = 0; i < 4; i++) expect((await t.server.api("/me", { token: org.key })).status).toBe(200);
    const body = await usage(org.key);
    // Four requests and this one, all in the same minute and month.
    expect(body.limits).toEqual({ second: 50, minute: 200, month: 1000 });
    expect(body.current.minute).toEqual({ used: 5, limit: 200 });
    expect(body.current.second.limit).toBe(50);
    expect(body.current.second.used).toBeGreaterThanOrEqual(0);
    expect(body.current.month).toMatchObject({ used: 5, limit: 1000, remaining: 995 });
    expect(body.current.month.resetsAt).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    expect(body.period).toBe(new Date().toISOString().slice(0, 7));
  });

  it("counts requests per day of the organization's zone and credential (API key or connected app), and the month's units by category", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const second = await seedApiKey(t.db, org.id, { name: "Zapier key", scopes: ["usage:read"] });
    const member = await seedMember(t.db, org.id, { role: "admin" });
    const app = await seedOAuthToken(t.db, { organizationId: org.id, userId: member.userId });
    for (let i = 0; i < 3; i++) await t.server.api("/me", { token: org.key });
    for (let i = 0; i < 2; i++) await t.server.api("/me", { token: second.key });
    await t.server.api("/me", { token: app.token });
    await flushApiUsageCounts();
    await flushBufferedUsage();

    const body = await usage(second.key);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: body.timeZone }).format(new Date());
    const rows = body.daily.filter((d: Json) => d.date === today);
    expect(rows).toHaveLength(3);
    expect(rows.find((d: Json) => d.credentialName === "test key")).toMatchObject({ credentialKind: "api_key", requests: 3 });
    // The usage call itself is counted a second later: not in this answer.
    expect(rows.find((d: Json) => d.credentialName === "Zapier key")).toMatchObject({ credentialKind: "api_key", requests: 2 });
    expect(rows.find((d: Json) => d.credentialKind === "oauth")).toMatchObject({ credentialName: app.client.name, requests: 1 });
    expect(body.monthlyUnits).toEqual({ request: 6, message: 0, sequence_launch: 0 });
    // Exempt: no windows tracked, month counted without a limit.
    expect(body.current.second).toEqual({ used: null, limit: null });
    expect(body.current.month).toMatchObject({ used: 6, limit: null, remaining: null });
  });

  it("shows only the caller's organization; an unauthenticated call is refused", async () => {
    const mine = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    for (let i = 0; i < 2; i++) await t.server.api("/me", { token: other.key });
    await flushApiUsageCounts();
    const body = await usage(mine.key);
    expect(body.daily).toEqual([]);
    expect(body.monthlyUnits.request).toBe(0);
    expect((await t.server.api("/usage")).status).toBe(401);
  });
});

describe("who sees what", () => {
  it("needs usage:read: a key without it is refused, even one with every other scope", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const none = await seedApiKey(t.db, org.id, { scopes: [] });
    const others = await seedApiKey(t.db, org.id, { scopes: SCOPES.filter((scope) => scope !== "usage:read") });
    for (const key of [none.key, others.key]) {
      const refused = await t.server.api("/usage", { token: key });
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toEqual({ code: "FORBIDDEN", message: "This credential lacks the required scope: usage:read." });
    }
    expect((await usage(org.key)).visibility).toBe("organization");
  });

  it("owners and admins see every credential; a member sees only their own connections, in the dashboard and through their app", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const admin = await seedMember(t.db, org.id, { role: "admin" });
    const member = await seedMember(t.db, org.id, { role: "member" });
    // The member and the admin connect the same app; another app is the admin's alone.
    const shared = await seedOAuthToken(t.db, { organizationId: org.id, userId: member.userId, scopes: ["usage:read", "leads:read"] });
    const adminsShared = await issueOAuthAccessToken(t.db, {
      oauthClientId: shared.client.id,
      userId: admin.userId,
      organizationId: org.id,
      scopes: ["leads:read"],
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const adminsOwn = await seedOAuthToken(t.db, { organizationId: org.id, userId: admin.userId, scopes: ["leads:read"] });
    for (let i = 0; i < 2; i++) await t.server.api("/me", { token: shared.token });
    for (let i = 0; i < 3; i++) await t.server.api("/me", { token: adminsShared.token });
    await t.server.api("/me", { token: adminsOwn.token });
    await t.server.api("/me", { token: org.key });
    await flushApiUsageCounts();

    const everything = await (await sessionCaller(t.db, admin.userId, org.id)).usage.get();
    expect(everything.visibility).toBe("organization");
    // Per credential: the shared app's five requests (the member's two and the admin's three), the admin's app, the key.
    expect(everything.daily.map((d) => [d.credentialName, d.requests]).sort()).toEqual(
      [[shared.client.name, 5], [adminsOwn.client.name, 1], ["test key", 1]].sort(),
    );
    expect(everything.monthlyUnits.request).toBe(7);

    const own = await (await sessionCaller(t.db, member.userId, org.id)).usage.get();
    expect(own.visibility).toBe("own");
    expect(own.daily.map((d) => [d.credentialKind, d.credentialName, d.requests])).toEqual([["oauth", shared.client.name, 2]]);
    expect(own.monthlyUnits.request).toBe(2);
    // The organization's windows and month are what every app of it is limited by: the same for everyone.
    expect(own.current.month).toEqual(everything.current.month);

    // Through the member's own app (REST), the same view; the call itself is counted a second later.
    const viaApp = await usage(shared.token);
    expect(viaApp.visibility).toBe("own");
    expect(viaApp.daily.map((d: Json) => d.requests)).toEqual([2]);
  });
});
