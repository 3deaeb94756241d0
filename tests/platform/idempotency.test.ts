import { beforeAll, describe, expect, it } from "vitest";
import { seedApiKey, seedMember, seedOAuthToken, seedOrganization, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";

/**
 * `Idempotency-Key` on POST /api/v1/*: one execution per credential and
 * key for 24 hours (second audit, L1: not per organization), replays flagged `Idempotent-Replayed: true`, a reused key
 * with another request refused, failures not kept.
 */
const t = useApiTest();
let other: SeededOrganization;
let limited: SeededOrganization;

beforeAll(async () => {
  other = await seedOrganization(t.db, { rateLimitExempt: true });
  limited = await seedOrganization(t.db, { rateLimitExempt: false });
});

interface Created {
  id: string;
  email: string | null;
}

function postLead(key: string | undefined, json: unknown, token = t.org.key) {
  return t.server.api("/leads", { token, method: "POST", json, headers: key === undefined ? {} : { "Idempotency-Key": key } });
}

/** The credential the seeded organization's all-scopes key stores its keys under. */
async function orgKeyCredential(): Promise<string> {
  const key = await t.db.apiKey.findFirstOrThrow({ where: { organizationId: t.org.id }, orderBy: { createdAt: "asc" } });
  return `api_key:${key.id}`;
}

async function leadCount(organizationId: string, email: string) {
  return t.db.lead.count({ where: { organizationId, email } });
}

describe("a retry with the same key and body", () => {
  it("gets the first answer again, flagged as a replay, and creates nothing more", async () => {
    const body = { firstName: "Rita", lastName: "Reintento", email: "rita@retry.test" };
    const first = await postLead("create-rita-1", body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const created = (await first.json()) as Created;

    const again = await postLead("create-rita-1", { email: "rita@retry.test", lastName: "Reintento", firstName: "Rita" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(created);
    expect(await leadCount(t.org.id, "rita@retry.test")).toBe(1);
  });

  it("concurrent requests with one key run once: every answer names the same lead", async () => {
    const body = { firstName: "Carlos", email: "carlos@concurrent.test" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => postLead("create-carlos", body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (answer) => ((await answer.json()) as Created).id)));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(5);
    expect(await leadCount(t.org.id, "carlos@concurrent.test")).toBe(1);
  });

  it("without a key, every POST runs", async () => {
    const body = { firstName: "Sin", email: "sin.clave@retry.test" };
    expect((await postLead(undefined, body)).status).toBe(201);
    expect((await postLead(undefined, body)).status).toBe(201);
    expect(await leadCount(t.org.id, "sin.clave@retry.test")).toBe(2);
  });
});

describe("a key reused with another request", () => {
  it("is refused with 400 BAD_REQUEST whether the body or the endpoint differs, and runs nothing", async () => {
    expect((await postLead("reused", { firstName: "Uno", email: "uno@reuse.test" })).status).toBe(201);
    const otherBody = await postLead("reused", { firstName: "Dos", email: "dos@reuse.test" });
    expect(otherBody.status).toBe(400);
    expect(await otherBody.json()).toEqual({ error: { code: "BAD_REQUEST", message: expect.stringContaining("different request") } });
    const otherPath = await t.server.api("/projects", { token: t.org.key, method: "POST", json: { name: "Torre Norte" }, headers: { "Idempotency-Key": "reused" } });
    expect(otherPath.status).toBe(400);
    expect(await leadCount(t.org.id, "dos@reuse.test")).toBe(0);
    expect(await t.db.project.count({ where: { organizationId: t.org.id, name: "Torre Norte" } })).toBe(0);
  });
});

describe("what is kept", () => {
  it("a failure is not kept: the same key runs again and can then succeed", async () => {
    const invalid = await postLead("fix-and-retry", { firstName: "Sin contacto" });
    expect(invalid.status).toBe(400);
    const stillInvalid = await postLead("fix-and-retry", { firstName: "Sin contacto" });
    expect(stillInvalid.status).toBe(400);
    expect(stillInvalid.headers.get("idempotent-replayed")).toBeNull();
    const fixed = await postLead("fix-and-retry", { firstName: "Con contacto", email: "con@retry.test" });
    expect(fixed.status).toBe(201);
  });

  it("keys are per organization: another organization's same key and body run on their own", async () => {
    const body = { firstName: "Olga", email: "olga@tenants.test" };
    const mine = (await (await postLead("shared-key", body)).json()) as Created;
    const theirs = await postLead("shared-key", body, other.key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(((await theirs.json()) as Created).id).not.toBe(mine.id);
  });

  it("keys are per credential (L1): another key or app of the organization replaying a known key and body runs its own request", async () => {
    const created = await t.server.api("/webhooks/subscriptions", {
      token: t.org.key,
      method: "POST",
      json: { target_url: "https://93.184.216.34/hooks/inmo", event: "lead.created", external_id: "l1", name: "L1" },
      headers: { "Idempotency-Key": "hook-1" },
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    expect(secret).toEqual(expect.any(String));

    const { key: colleagueKey } = await seedApiKey(t.db, t.org.id, { name: "another integration" });
    const admin = await seedMember(t.db, t.org.id, { role: "admin" });
    const { token: appToken } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: admin.userId });
    for (const token of [colleagueKey, appToken]) {
      const replay = await t.server.api("/webhooks/subscriptions", {
        token,
        method: "POST",
        json: { target_url: "https://93.184.216.34/hooks/inmo", event: "lead.created", external_id: "l1", name: "L1" },
        headers: { "Idempotency-Key": "hook-1" },
      });
      expect(replay.headers.get("idempotent-replayed")).toBeNull();
      expect(JSON.stringify(await replay.json())).not.toContain(secret);
    }
    const again = await t.server.api("/webhooks/subscriptions", {
      token: t.org.key,
      method: "POST",
      json: { target_url: "https://93.184.216.34/hooks/inmo", event: "lead.created", external_id: "l1", name: "L1" },
      headers: { "Idempotency-Key": "hook-1" },
    });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as { secret: string }).secret).toBe(secret);
  });

  it("after 24 hours the key is free again", async () => {
    const body = { firstName: "Eva", email: "eva@expiry.test" };
    const first = (await (await postLead("expiring", body)).json()) as Created;
    await t.db.idempotentRequest.update({
      where: { organizationId_credential_key: { organizationId: t.org.id, credential: await orgKeyCredential(), key: "expiring" } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const later = await postLead("expiring", body);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(((await later.json()) as Created).id).not.toBe(first.id);
  });

  it("a claim whose request never answered (the process died) is taken over once its lease ran out", async () => {
    const body = { firstName: "Lázaro", email: "lazaro@crash.test" };
    const { requestFingerprint } = await import("../../server/http/idempotency");
    await t.db.idempotentRequest.create({
      data: {
        organizationId: t.org.id,
        credential: await orgKeyCredential(),
        key: "crashed",
        fingerprint: requestFingerprint("POST", "/leads", body),
        lockedUntil: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const retried = await postLead("crashed", body);
    expect(retried.status).toBe(201);
    expect(await leadCount(t.org.id, "lazaro@crash.test")).toBe(1);
    const replay = await postLead("crashed", body);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });
});

describe("rules around the key", () => {
  it("refuses keys out of 1..255 printable ASCII characters with 400 VALIDATION_ERROR", async () => {
    for (const key of ["x".repeat(256), "clave-ñ", "tab\there"]) {
      const answer = await postLead(key, { firstName: "Nadie", email: "nadie@keys.test" });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: string; message: string } }).error).toEqual({
        code: "VALIDATION_ERROR",
        message: expect.stringContaining("Idempotency-Key"),
      });
    }
    expect(await leadCount(t.org.id, "nadie@keys.test")).toBe(0);
    expect((await postLead("x".repeat(255), { firstName: "Larga", email: "larga@keys.test" })).status).toBe(201);
  });

  it("a credential without the endpoint's scope gets 403, never the kept answer", async () => {
    const body = { firstName: "Sofía", email: "sofia@scopes.test" };
    expect((await postLead("scoped", body)).status).toBe(201);
    const readOnly = await seedApiKey(t.db, t.org.id, { scopes: ["leads:read"] });
    const refused = await postLead("scoped", body, readOnly.key);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a replay is a request for the rate limits: it spends from the minute window", async () => {
    const body = { firstName: "Medida", email: "medida@limits.test" };
    const first = await postLead("limited", body, limited.key);
    expect(first.status).toBe(201);
    const replay = await postLead("limited", body, limited.key);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(Number(replay.headers.get("x-ratelimit-remaining"))).toBe(Number(first.headers.get("x-ratelimit-remaining")) - 1);
  });

  it("GET ignores the header", async () => {
    const answer = await t.server.api("/me", { token: t.org.key, headers: { "Idempotency-Key": "x".repeat(300) } });
    expect(answer.status).toBe(200);
  });
});

describe("retention", () => {
  it("the prune removes answers past their 24 hours and keeps the rest", async () => {
    const { pruneExpiredIdempotentRequests } = await import("../../server/http/idempotency");
    const base = { organizationId: other.id, fingerprint: "f", status: 201, responseBody: "{}", lockedUntil: new Date() };
    await t.db.idempotentRequest.createMany({
      data: [
        { ...base, key: "old-1", expiresAt: new Date(Date.now() - 60_000) },
        { ...base, key: "old-2", expiresAt: new Date(Date.now() - 1) },
        { ...base, key: "fresh", expiresAt: new Date(Date.now() + 3_600_000) },
      ],
    });
    expect(await pruneExpiredIdempotentRequests(t.db, 100)).toBeGreaterThanOrEqual(2);
    const left = await t.db.idempotentRequest.findMany({ where: { organizationId: other.id, key: { in: ["old-1", "old-2", "fresh"] } } });
    expect(left.map((row) => row.key)).toEqual(["fresh"]);
  });
});
