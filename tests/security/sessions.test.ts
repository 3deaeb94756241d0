import { afterEach, describe, expect, it } from "vitest";
import { authOptions } from "../../server/auth/next-auth-options";
import { endSessionsOfMember, sessionLifetimeSeconds } from "../../server/auth/sessions";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { callTrpc, sessionCookie } from "./support/dashboard-session";
import { clearTestConfiguration, configureForTests } from "../../server/config/config";

/**
 * Finding 8: dashboard sessions can be revoked on the server ("sign out
 * everywhere", and every session of a removed member at once), and their
 * lifetime is configurable (default 7 days, sliding). Driven over real HTTP
 * with the cookie next-auth issues.
 */
const t = useApiTest();

afterEach(() => {
  clearTestConfiguration("SESSION_MAX_AGE");
});

async function organizations(cookie: string) {
  return callTrpc(t.server, "account.organizations", { cookie });
}

describe("revocable dashboard sessions", () => {
  it("sign out everywhere ends every session of the person, the one asking included", async () => {
    const member = await seedMember(t.db, t.org.id, { role: "admin" });
    const laptop = await sessionCookie({ userId: member.userId, organizationId: t.org.id });
    const phone = await sessionCookie({ userId: member.userId, organizationId: t.org.id });
    expect((await organizations(laptop)).status).toBe(200);
    expect((await organizations(phone)).status).toBe(200);

    const signOut = await callTrpc(t.server, "account.signOutEverywhere", { cookie: laptop, mutation: true, input: {} });
    expect(signOut.status).toBe(200);

    expect((await organizations(laptop)).status).toBe(401);
    expect((await organizations(phone)).status).toBe(401);
    // A new sign-in issues a session under the new generation, which works.
    const fresh = await sessionCookie({ userId: member.userId, organizationId: t.org.id, sessionGeneration: 1 });
    expect((await organizations(fresh)).status).toBe(200);
  });

  it("endSessionsOfMember ends all sessions of a member at once, on every organization they switch to", async () => {
    const member = await seedMember(t.db, t.org.id, { role: "member" });
    const cookie = await sessionCookie({ userId: member.userId, organizationId: t.org.id });
    expect((await callTrpc(t.server, "catalog.pipelineStages", { cookie })).status).toBe(200);

    await endSessionsOfMember(t.db, { userId: member.userId });

    expect((await callTrpc(t.server, "catalog.pipelineStages", { cookie })).status).toBe(401);
    // Another person's session is untouched.
    const owner = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    expect((await callTrpc(t.server, "catalog.pipelineStages", { cookie: owner })).status).toBe(200);
  });

  it("a session ended on the server is not renewed by next-auth's session refresh", async () => {
    const member = await seedMember(t.db, t.org.id);
    const jwt = authOptions.callbacks!.jwt!;
    const token = { userId: member.userId, organizationId: t.org.id, sessionGeneration: 0 };
    const renewed = await jwt({ token, trigger: "update", session: undefined } as unknown as Parameters<typeof jwt>[0]);
    expect(renewed.userId).toBe(member.userId);
    await endSessionsOfMember(t.db, member);
    const afterRevocation = await jwt({ token, trigger: "update", session: undefined } as unknown as Parameters<typeof jwt>[0]);
    expect(afterRevocation.userId).toBeUndefined();
  });

  it("an expired or tampered cookie is no session", async () => {
    const expired = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id, maxAgeSeconds: -60 });
    expect((await organizations(expired)).status).toBe(401);
    const good = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    expect((await organizations(`${good.slice(0, -4)}AAAA`)).status).toBe(401);
  });

  it("the dashboard door takes the cookie only, not a bearer", async () => {
    const cookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    const token = cookie.split("=")[1]!;
    expect((await callTrpc(t.server, "account.organizations", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

describe("session lifetime", () => {
  it("defaults to 7 days, is set by SESSION_MAX_AGE (seconds), and is sliding (next-auth re-issues on every session read)", () => {
    expect(sessionLifetimeSeconds()).toBe(7 * 24 * 60 * 60);
    expect(authOptions.session?.maxAge).toBe(7 * 24 * 60 * 60);
    configureForTests({ SESSION_MAX_AGE: 3600 });
    expect(sessionLifetimeSeconds()).toBe(3600);
    // A value that is not a number of seconds stops start-up, naming the variable, rather than meaning the default.
    expect(() => configureForTests({ SESSION_MAX_AGE: "nonsense" })).toThrow(/SESSION_MAX_AGE/);
    expect(sessionLifetimeSeconds()).toBe(3600);
    // JWT sessions have no updateAge: next-auth re-encodes the cookie with a fresh expiry on each /api/auth/session.
    expect(authOptions.session?.strategy).toBe("jwt");
  });
});
