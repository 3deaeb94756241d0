import { beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../server/events/event-types";
import { decryptSecret } from "../../server/crypto/secret-box";
import { seedApiKey, seedMember, seedOAuthToken, seedOrganization, type SeededOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { seedSubscription } from "./support/webhook-fixtures";

const t = useApiTest({ organization: { name: "Acme Realty", slug: "acme-realty-webhooks" } });
let otherOrg: SeededOrganization;

// Public IP literals: accepted without any DNS lookup, and never contacted (nothing is emitted to them).
const TARGET = "https://93.184.216.34/hooks/inmo";

beforeAll(async () => {
  otherOrg = await seedOrganization(t.db, { rateLimitExempt: true });
});

async function errorOf(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { message: string; code: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  return body.error.message;
}

const create = (token: string, json: unknown) => t.server.api("/webhooks/subscriptions", { token, method: "POST", json });

describe("GET /webhooks/events", () => {
  it("lists every event type and the three groups", async () => {
    const response = await t.server.api("/webhooks/events", { token: t.org.key });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { events: string[]; groups: Record<string, string[]> };
    expect(body.events).toEqual([...EVENT_TYPES]);
    // The contract's sixteen, plus the extensions lead.first_touch_breached, lead.merged and lead.unmerged.
    expect(body.events).toHaveLength(19);
    expect(Object.keys(body.groups)).toEqual(["Leads", "Projects", "Units"]);
    expect(body.groups.Leads).toHaveLength(13);
    expect(body.groups.Leads!.slice(0, 10)).toEqual([
      "lead.created", "lead.updated", "lead.stage_changed", "lead.assigned", "lead.unassigned",
      "lead.won", "lead.lost", "lead.deleted", "lead.note_added", "lead.communication_logged",
    ]);
    expect(body.groups.Leads!.slice(10)).toEqual(expect.arrayContaining(["lead.first_touch_breached", "lead.merged", "lead.unmerged"]));
    expect(body.groups.Projects).toEqual(["project.created", "project.updated", "project.deleted"]);
    expect(body.groups.Units).toEqual(["unit.created", "unit.updated", "unit.status_changed"]);
  });

  it("needs webhooks:manage", async () => {
    const { key } = await seedApiKey(t.db, t.org.id, { scopes: ["leads:read"] });
    const message = await errorOf(await t.server.api("/webhooks/events", { token: key }), 403, "FORBIDDEN");
    expect(message).toContain("webhooks:manage");
    await errorOf(await create(key, { target_url: TARGET, event: "lead.created" }), 403, "FORBIDDEN");
  });
});

describe("POST /webhooks/subscriptions", () => {
  it("creates with 201, returns the secret once, and stores it encrypted", async () => {
    const response = await create(t.org.key, { target_url: TARGET, event: "lead.created", external_id: "zap-1", name: "New leads" });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["event", "external_id", "id", "managed_by", "name", "secret", "supported_events", "target_url"]);
    expect(body).toMatchObject({ target_url: TARGET, event: "lead.created", external_id: "zap-1", managed_by: "api", name: "New leads" });
    expect(body.supported_events).toEqual([...EVENT_TYPES]);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const row = await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: body.id as string } });
    expect(row.secretCiphertext).not.toContain(body.secret as string);
    expect(decryptSecret(row.secretCiphertext)).toBe(body.secret);
    expect(row).toMatchObject({ managedBy: "api_key", name: "New leads", organizationId: t.org.id, isActive: true });
  });

  it("replays an external_id with 200, the same record and no secret", async () => {
    const first = await create(t.org.key, { target_url: TARGET, event: "lead.won", external_id: "replay-me" });
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string };
    const replay = await create(t.org.key, { target_url: "https://93.184.216.35/other", event: "lead.lost", external_id: "replay-me" });
    expect(replay.status).toBe(200);
    const body = (await replay.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: created.id, target_url: TARGET, event: "lead.won", external_id: "replay-me" });
    expect(body).not.toHaveProperty("secret");
    expect(await t.db.webhookSubscription.count({ where: { organizationId: t.org.id, externalId: "replay-me" } })).toBe(1);
  });

  it("is race-safe: concurrent creates with one external_id make one subscription", async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => create(t.org.key, { target_url: TARGET, event: "lead.deleted", external_id: "race" })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect(await t.db.webhookSubscription.count({ where: { organizationId: t.org.id, externalId: "race" } })).toBe(1);
  });

  it("scopes external_id to the calling client: another key creates its own", async () => {
    const { key } = await seedApiKey(t.db, t.org.id);
    const mine = (await (await create(t.org.key, { target_url: TARGET, event: "unit.created", external_id: "shared" })).json()) as { id: string };
    const theirs = await create(key, { target_url: TARGET, event: "unit.created", external_id: "shared" });
    expect(theirs.status).toBe(201);
    expect(((await theirs.json()) as { id: string }).id).not.toBe(mine.id);
  });

  it("refuses invalid bodies with 400 VALIDATION_ERROR naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ event: "lead.created" }, "target_url"],
      [{ target_url: "http://93.184.216.34/hook", event: "lead.created" }, "target_url"],
      [{ target_url: "not a url", event: "lead.created" }, "target_url"],
      [{ target_url: TARGET, event: "lead.exploded" }, "event"],
      [{ target_url: TARGET }, "event"],
      [{ target_url: TARGET, event: "lead.created", name: "x".repeat(256) }, "name"],
      [{ target_url: TARGET, event: "lead.created", external_id: "x".repeat(256) }, "external_id"],
    ];
    for (const [json, field] of cases) {
      const message = await errorOf(await create(t.org.key, json), 400, "VALIDATION_ERROR");
      expect(message).toContain(`${field}:`);
    }
  });

  it("refuses targets on private, loopback, link-local, CGNAT, metadata and reserved addresses", async () => {
    const refused = [
      "https://127.0.0.1/hook",
      "https://localhost:8443/hook",
      "https://10.1.2.3/hook",
      "https://172.16.0.1/hook",
      "https://192.168.1.10/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/hook",
      "https://0.0.0.0/hook",
      "https://224.0.0.1/hook",
      "https://[::1]/hook",
      "https://[fd00:ec2::254]/hook",
      "https://[fe80::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://user:pass@93.184.216.34/hook",
    ];
    for (const target_url of refused) {
      const message = await errorOf(await create(t.org.key, { target_url, event: "lead.created" }), 400, "VALIDATION_ERROR");
      expect(message, target_url).toMatch(/^target_url: /);
    }
  });

  it("answers 403 FORBIDDEN naming the limit when maxWebhookEndpoints is reached, counting under a lock", async () => {
    const limited = await seedOrganization(t.db, { rateLimitExempt: true, maxWebhookEndpoints: 3 });
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create(limited.key, { target_url: TARGET, event: "lead.created", external_id: `n${i}` })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403]);
    const refused = responses.find((r) => r.status === 403)!;
    expect(await errorOf(refused, 403, "FORBIDDEN")).toContain("maxWebhookEndpoints");
    expect(await t.db.webhookSubscription.count({ where: { organizationId: limited.id } })).toBe(3);
    // A replay at the limit is still answered (of one that was created: which three won the race varies).
    const createdIndex = responses.findIndex((r) => r.status === 201);
    const replay = await create(limited.key, { target_url: TARGET, event: "lead.created", external_id: `n${createdIndex}` });
    expect(replay.status).toBe(200);
  });
});

describe("GET /webhooks/subscriptions", () => {
  it("lists only the calling client's subscriptions, never dashboard-managed ones", async () => {
    const scoped = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = await seedApiKey(t.db, scoped.id);
    await seedSubscription(t.db, scoped, { targetUrl: TARGET, event: "lead.created" }); // dashboard
    const mine = (await (await create(scoped.key, { target_url: TARGET, event: "project.created", external_id: "p" })).json()) as { id: string };
    await create(other.key, { target_url: TARGET, event: "project.updated" });

    const response = await t.server.api("/webhooks/subscriptions", { token: scoped.key });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Record<string, unknown>[] };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toEqual({
      id: mine.id,
      target_url: TARGET,
      events: ["project.created"],
      external_id: "p",
      managed_by: "api",
      is_active: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it("OAuth: lists what the OAuth client created, with managed_by naming the client", async () => {
    const admin = await seedMember(t.db, t.org.id, { role: "admin" });
    const { token, client } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: admin.userId });
    const created = await create(token, { target_url: TARGET, event: "lead.assigned", external_id: "oauth-1" });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { managed_by: string }).managed_by).toBe(client.clientId);
    const list = (await (await t.server.api("/webhooks/subscriptions", { token })).json()) as { data: { managed_by: string }[] };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.managed_by).toBe(client.clientId);
  });
});

describe("GET and DELETE /webhooks/subscriptions/{id}", () => {
  it("reads one subscription with its single-read fields", async () => {
    const { id } = (await (await create(t.org.key, { target_url: TARGET, event: "unit.updated", name: "Units" })).json()) as { id: string };
    const response = await t.server.api(`/webhooks/subscriptions/${id}`, { token: t.org.key });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id, target_url: TARGET, event: "unit.updated", events: ["unit.updated"], name: "Units", external_id: null, managed_by: "api", is_active: true });
    expect(body).not.toHaveProperty("secret");
  });

  it("deletes with 200 {id, deleted: true}, then 404", async () => {
    const { id } = (await (await create(t.org.key, { target_url: TARGET, event: "unit.updated" })).json()) as { id: string };
    const response = await t.server.api(`/webhooks/subscriptions/${id}`, { token: t.org.key, method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, deleted: true });
    expect(await t.db.webhookSubscription.findUnique({ where: { id } })).toBeNull();
    await errorOf(await t.server.api(`/webhooks/subscriptions/${id}`, { token: t.org.key, method: "DELETE" }), 404, "NOT_FOUND");
    await errorOf(await t.server.api(`/webhooks/subscriptions/${id}`, { token: t.org.key }), 404, "NOT_FOUND");
  });

  it("refuses to delete a dashboard-managed subscription with 403", async () => {
    const { id } = await seedSubscription(t.db, t.org, { targetUrl: TARGET, event: "lead.created" });
    const message = await errorOf(await t.server.api(`/webhooks/subscriptions/${id}`, { token: t.org.key, method: "DELETE" }), 403, "FORBIDDEN");
    expect(message).toMatch(/dashboard/);
    expect(await t.db.webhookSubscription.findUnique({ where: { id } })).not.toBeNull();
  });

  it("answers 404 for another organization's subscription, without touching it", async () => {
    const { id } = (await (await create(otherOrg.key, { target_url: TARGET, event: "lead.created" })).json()) as { id: string };
    await errorOf(await t.server.api(`/webhooks/subscriptions/${id}`, { token: t.org.key }), 404, "NOT_FOUND");
    await errorOf(await t.server.api(`/webhooks/subscriptions/${id}`, { token: t.org.key, method: "DELETE" }), 404, "NOT_FOUND");
    expect(await t.db.webhookSubscription.findUnique({ where: { id } })).not.toBeNull();
  });

  it("answers 404 for an id that is not a subscription id", async () => {
    await errorOf(await t.server.api(`/webhooks/subscriptions/not-a-uuid`, { token: t.org.key }), 404, "NOT_FOUND");
    await errorOf(await t.server.api(`/webhooks/subscriptions/not-a-uuid`, { token: t.org.key, method: "DELETE" }), 404, "NOT_FOUND");
  });
});
