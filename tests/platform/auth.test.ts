import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../server/auth/tokens";
import { seedApiKey, seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";

// Exempt from rate limits: this file checks authentication, not quotas.
const t = useApiTest({ organization: { name: "Acme Realty", slug: "acme-realty" } });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await response.json()) as { error: { message: string; code: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

describe("401 UNAUTHORIZED", () => {
  it("missing Authorization header", async () => {
    await expectError(await t.server.api("/me"), 401, "UNAUTHORIZED");
  });

  it("malformed header: not a Bearer", async () => {
    await expectError(await t.server.api("/me", { headers: { Authorization: `Basic ${t.org.key}` } }), 401, "UNAUTHORIZED");
  });

  it("malformed header: empty bearer", async () => {
    await expectError(await t.server.api("/me", { headers: { Authorization: "Bearer " } }), 401, "UNAUTHORIZED");
  });

  it("malformed header: not a Bearer, said so", async () => {
    const message = await expectError(await t.server.api("/me", { headers: { Authorization: `Token ${t.org.key}` } }), 401, "UNAUTHORIZED");
    expect(message).toBe("Malformed Authorization header. Expected `Bearer <token>`.");
  });

  it("a mistyped API key in a well-formed header is an invalid key, not a malformed header", async () => {
    for (const token of ["svc_k_nothex", t.org.key.slice(0, -1), `${t.org.key}0`]) {
      const message = await expectError(await t.server.api("/me", { token }), 401, "UNAUTHORIZED");
      expect(message, token).toBe("Invalid API key or access token.");
    }
  });

  it("unknown API key", async () => {
    await expectError(await t.server.api("/me", { token: "svc_k_" + "0".repeat(32) }), 401, "UNAUTHORIZED");
  });

  it("unknown OAuth token", async () => {
    await expectError(await t.server.api("/me", { token: "oat_doesnotexist12345" }), 401, "UNAUTHORIZED");
  });

  it("expired OAuth token", async () => {
    const member = await seedMember(t.db, t.org.id);
    const { token } = await seedOAuthToken(t.db, {
      organizationId: t.org.id,
      userId: member.userId,
      expiresAt: new Date(Date.now() - 1000),
    });
    const message = await expectError(await t.server.api("/me", { token }), 401, "UNAUTHORIZED");
    expect(message).toMatch(/expired/i);
  });
});

describe("403 FORBIDDEN", () => {
  it("inactive (revoked) key", async () => {
    const { key, apiKey } = await seedApiKey(t.db, t.org.id);
    expect((await t.server.api("/me", { token: key })).status).toBe(200);
    await t.db.apiKey.update({ where: { id: apiKey.id }, data: { isActive: false } });
    await expectError(await t.server.api("/me", { token: key }), 403, "FORBIDDEN");
  });

  it("expired key", async () => {
    const { key } = await seedApiKey(t.db, t.org.id, { expiresAt: new Date(Date.now() - 1000) });
    const message = await expectError(await t.server.api("/me", { token: key }), 403, "FORBIDDEN");
    expect(message).toMatch(/expired/i);
  });

  it("disabled OAuth client", async () => {
    const member = await seedMember(t.db, t.org.id);
    const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: member.userId, clientActive: false });
    await expectError(await t.server.api("/me", { token }), 403, "FORBIDDEN");
  });

  it("OAuth connection not bound to an organization", async () => {
    const member = await seedMember(t.db, t.org.id);
    const { token } = await seedOAuthToken(t.db, { organizationId: null, userId: member.userId });
    await expectError(await t.server.api("/me", { token }), 403, "FORBIDDEN");
  });

  it("missing scope on a scoped endpoint", async () => {
    const { key } = await seedApiKey(t.db, t.org.id, { scopes: [] });
    // /me needs no scope: the same key is valid ...
    expect((await t.server.api("/me", { token: key })).status).toBe(200);
    // ... and a scoped endpoint refuses it with the scope named.
    const message = await expectError(await t.server.api("/leads", { token: key }), 403, "FORBIDDEN");
    expect(message).toContain("leads:read");
  });
});

describe("GET /me", () => {
  it("API key: organization and auth, clientId/userId null, even with empty scopes", async () => {
    const { key } = await seedApiKey(t.db, t.org.id, { scopes: [] });
    const response = await t.server.api("/me", { token: key });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      organization: { id: t.org.id, name: "Acme Realty", slug: "acme-realty", sandbox: false },
      auth: { type: "api_key", scopes: [], clientId: null, userId: null },
    });
  });

  it("OAuth token: clientId and userId of the connection", async () => {
    const member = await seedMember(t.db, t.org.id);
    const { token, client } = await seedOAuthToken(t.db, {
      organizationId: t.org.id,
      userId: member.userId,
      scopes: ["leads:read"],
    });
    const response = await t.server.api("/me", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      organization: { id: t.org.id, name: "Acme Realty", slug: "acme-realty", sandbox: false },
      auth: { type: "oauth", scopes: ["leads:read"], clientId: client.clientId, userId: member.userId },
    });
  });

  it("slug may be null", async () => {
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    await t.db.organization.update({ where: { id: other.id }, data: { slug: null } });
    const body = (await (await t.server.api("/me", { token: other.key })).json()) as { organization: { slug: unknown } };
    expect(body.organization.slug).toBeNull();
  });
});

describe("credentials at rest", () => {
  it("stores only the SHA-256 of a key and throttles lastUsedAt writes", async () => {
    const { key, apiKey } = await seedApiKey(t.db, t.org.id);
    const row = await t.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.keyHash).toBe(sha256Hex(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.lastUsedAt).toBeNull();
    await t.server.api("/me", { token: key });
    await expect.poll(async () => (await t.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt).not.toBeNull();
    const first = (await t.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt;
    await t.server.api("/me", { token: key });
    await new Promise((r) => setTimeout(r, 100));
    const second = (await t.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).lastUsedAt;
    expect(second?.getTime()).toBe(first?.getTime());
  });

  it("a revoked OAuth token is refused like an unknown one", async () => {
    const member = await seedMember(t.db, t.org.id);
    const { token, accessToken } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: member.userId });
    await t.db.oAuthAccessToken.update({ where: { id: accessToken.id }, data: { revokedAt: new Date() } });
    await expectError(await t.server.api("/me", { token }), 401, "UNAUTHORIZED");
  });
});
