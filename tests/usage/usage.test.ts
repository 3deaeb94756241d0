import { describe, expect, it } from "vitest";
import { rejection, sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { flushApiUsageDays } from "../../server/usage/request-counter";
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

  it("counts requests per UTC day and credential (API key or connected app), and the month's units by category", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const second = await seedApiKey(t.db, org.id, { name: "Zapier key", scopes: [] });
    const member = await seedMember(t.db, org.id, { role: "admin" });
    const app = await seedOAuthToken(t.db, { organizationId: org.id, userId: member.userId });
    for (let i = 0; i < 3; i++) await t.server.api("/me", { token: org.key });
    for (let i = 0; i < 2; i++) await t.server.api("/me", { token: second.key });
    await t.server.api("/me", { token: app.token });
    await flushApiUsageDays();
    await flushBufferedUsage();

    const body = await usage(second.key);
    const today = new Date().toISOString().slice(0, 10);
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
    await flushApiUsageDays();
    const body = await usage(mine.key);
    expect(body.daily).toEqual([]);
    expect(body.monthlyUnits.request).toBe(0);
    expect((await t.server.api("/usage")).status).toBe(401);
  });
});

describe("Settings → Usage (dashboard door)", () => {
  it("answers owners and admins; members are refused", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    await t.server.api("/me", { token: org.key });
    await flushApiUsageDays();
    const owner = await sessionCaller(t.db, org.ownerId, org.id);
    const seen = await owner.usage.get();
    expect(seen.daily.reduce((s, d) => s + d.requests, 0)).toBe(1);
    const admin = await seedMember(t.db, org.id, { role: "admin" });
    expect((await (await sessionCaller(t.db, admin.userId, org.id)).usage.get()).monthlyUnits.request).toBe(1);
    const member = await seedMember(t.db, org.id, { role: "member" });
    expect((await rejection((await sessionCaller(t.db, member.userId, org.id)).usage.get())).code).toBe("FORBIDDEN");
  });
});
