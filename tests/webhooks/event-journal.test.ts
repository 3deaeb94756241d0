import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { startReceiver, type TestReceiver } from "./support/receiver";
import { createTestCertificates, type TestCertificates } from "./support/tls-fixture";

/**
 * The event journal through the REST door: every event is recorded whether or
 * not a subscription wants it, listed with the ids and bodies its webhooks
 * carry, filtered and paged by cursor; a replay re-delivers a subscription's
 * events as new deliveries of the original events.
 */

const t = useApiTest();
let certs: TestCertificates;
let receiver: TestReceiver;

interface Envelope {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}
interface JournalPage {
  data: Envelope[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean; nextCursor: string | null };
}

beforeAll(async () => {
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_EXTRA_CA_FILE: certs.caFile, WEBHOOK_TIMEOUT_MS: 5000 });
});

afterAll(async () => {
  closeIdleConnections();
  await receiver.close();
  certs.remove();
});

async function journal(query: string, token = t.org.key): Promise<JournalPage> {
  const response = await t.server.api(`/events${query}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as JournalPage;
}

async function createLead(token: string, firstName: string): Promise<string> {
  const response = await t.server.api("/leads", { token, method: "POST", json: { firstName, email: `${firstName.toLowerCase()}@example.com` } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("GET /events", () => {
  it("lists every event, subscribed or not, newest first, as the webhook bodies", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const leadId = await createLead(org.key, "Ana");
    const updated = await t.server.api(`/leads/${leadId}`, { token: org.key, method: "PUT", json: { status: "won" } });
    expect(updated.status).toBe(200);

    const page = await journal("", org.key);
    expect(page.data.map((event) => event.type)).toEqual(["lead.stage_changed", "lead.won", "lead.updated", "lead.created"]);
    expect(page.pagination).toMatchObject({ total: 4, offset: 0, hasMore: false, nextCursor: null });
    const rows = await t.db.webhookEvent.findMany({ where: { organizationId: org.id } });
    for (const event of page.data) {
      expect(event.id).toMatch(/^evt_[0-9a-f-]{36}$/);
      expect(event).toEqual(JSON.parse(rows.find((row) => row.id === event.id)!.body));
    }
  });

  it("filters by type (repeatable) and since; another organization's events are never listed", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    await createLead(other.key, "Otro");
    const first = await createLead(org.key, "Bea");
    const [created] = await t.db.webhookEvent.findMany({ where: { organizationId: org.id } });
    await t.db.webhookEvent.update({ where: { id: created!.id }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    await t.server.api(`/leads/${first}`, { token: org.key, method: "PUT", json: { status: "lost" } });

    expect((await journal("?type=lead.lost", org.key)).data.map((e) => e.type)).toEqual(["lead.lost"]);
    const both = await journal("?type=lead.lost&type=lead.created", org.key);
    expect(both.data.map((e) => e.type)).toEqual(["lead.lost", "lead.created"]);
    // Half an hour back: after the event moved an hour back, before those just written, however long the requests took.
    const recent = await journal(`?since=${encodeURIComponent(new Date(Date.now() - 1_800_000).toISOString())}`, org.key);
    expect(recent.data.map((e) => e.type)).toEqual(["lead.stage_changed", "lead.lost", "lead.updated"]);
    expect(recent.data.every((e) => e.data.lead === undefined || (e.data.lead as { id: string }).id === first)).toBe(true);

    const bad = await t.server.api("/events?type=lead.exploded", { token: org.key });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_ERROR");
  });

  it("keeps 30 days: older events are not listed", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    await createLead(org.key, "Vieja");
    await t.db.webhookEvent.updateMany({ where: { organizationId: org.id }, data: { createdAt: new Date(Date.now() - 31 * 86_400_000) } });
    await createLead(org.key, "Nueva");
    const page = await journal("", org.key);
    expect(page.data).toHaveLength(1);
    expect((page.data[0]!.data.lead as { firstName: string }).firstName).toBe("Nueva");
  });

  it("pages by cursor without repeating or skipping, whatever is written meanwhile", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    for (const name of ["A", "B", "C", "D", "E"]) await createLead(org.key, `Lead${name}`);

    const seen: string[] = [];
    let page = await journal("?sortOrder=asc&limit=2", org.key);
    seen.push(...page.data.map((e) => e.id));
    await createLead(org.key, "LeadF"); // written while paging forward
    while (page.pagination.hasMore) {
      page = await journal(`?limit=2&cursor=${page.pagination.nextCursor}`, org.key);
      seen.push(...page.data.map((e) => e.id));
    }
    const all = await t.db.webhookEvent.findMany({ where: { organizationId: org.id }, orderBy: [{ txid: "asc" }, { position: "asc" }] });
    expect(seen).toEqual(all.map((row) => row.id));

    // Ascending, the last page still answers a cursor: polling it later returns only what is new.
    expect(page.pagination.nextCursor).not.toBeNull();
    const cursor = page.pagination.nextCursor!;
    expect((await journal(`?cursor=${cursor}`, org.key)).data).toEqual([]);
    await createLead(org.key, "LeadG");
    const newer = await journal(`?cursor=${cursor}`, org.key);
    expect(newer.data.map((e) => (e.data.lead as { firstName: string }).firstName)).toEqual(["LeadG"]);

    // Newest first: the pages walk into the past and the last one ends the walk.
    const backwards: string[] = [];
    let down = await journal("?limit=3", org.key);
    backwards.push(...down.data.map((e) => e.id));
    await createLead(org.key, "LeadH"); // newer than the walk: never in its later pages
    while (down.pagination.nextCursor) {
      down = await journal(`?limit=3&cursor=${down.pagination.nextCursor}`, org.key);
      backwards.push(...down.data.map((e) => e.id));
    }
    expect(backwards).toEqual([...all.map((row) => row.id), newer.data[0]!.id].reverse());
  });

  it("refuses a cursor that was edited or combined with offset", async () => {
    const forged = await t.server.api("/events?cursor=bm90LWEtY3Vyc29y", { token: t.org.key });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      error: { code: "VALIDATION_ERROR", message: "cursor: not a cursor of this list (use pagination.nextCursor as it was answered)" },
    });
    await createLead(t.org.key, "Cursor");
    const { pagination } = await journal("?limit=1");
    const mixed = await t.server.api(`/events?offset=1&cursor=${pagination.nextCursor}`, { token: t.org.key });
    expect(mixed.status).toBe(400);
  });

  it("needs events:read: keys get it by default in the dashboard; a member's app is refused whatever its scopes", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const without = await seedApiKey(t.db, org.id, { scopes: ["webhooks:manage", "leads:read"] });
    const refused = await t.server.api("/events", { token: without.key });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("This credential lacks the required scope: events:read.");
    const reader = await seedApiKey(t.db, org.id, { scopes: ["events:read"] });
    expect((await t.server.api("/events", { token: reader.key })).status).toBe(200);

    const member = await seedMember(t.db, org.id, { role: "member" });
    const { token } = await seedOAuthToken(t.db, { organizationId: org.id, userId: member.userId, scopes: ["events:read"] });
    expect((await t.server.api("/events", { token })).status).toBe(403);
    const { DEFAULT_KEY_SCOPES } = await import("../../server/auth/scopes");
    expect(DEFAULT_KEY_SCOPES).toContain("events:read");
  });
});

describe("POST /webhooks/subscriptions/{id}/replay", () => {
  it("re-delivers the subscription's events since a time as new deliveries of the original events", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    await createLead(org.key, "Antes"); // before the subscription existed: a replay can backfill it
    const subscribed = await t.server.api("/webhooks/subscriptions", {
      token: org.key,
      method: "POST",
      json: { target_url: receiver.url("/replay"), event: "lead.created", external_id: "replay-1" },
    });
    const subscription = (await subscribed.json()) as { id: string };
    await createLead(org.key, "Despues");

    const driver = new EmbeddedDriver({ jobs: [deliverWebhookJob], db: t.db, pollIntervalMs: 50 });
    driver.start();
    try {
      await receiver.waitFor(1);
      const live = receiver.received.filter((r) => r.path === "/replay");
      expect(live).toHaveLength(1);

      const since = new Date(Date.now() - 3_600_000).toISOString();
      const replay = await t.server.api(`/webhooks/subscriptions/${subscription.id}/replay`, { token: org.key, method: "POST", json: { since } });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ id: subscription.id, replayed: 2, hasMore: false, nextSince: null });

      await receiver.waitFor(3);
      const replayed = receiver.received.filter((r) => r.path === "/replay").slice(1);
      const eventIds = (await journal("?type=lead.created&sortOrder=asc", org.key)).data.map((e) => e.id);
      expect(replayed.map((r) => (JSON.parse(r.rawBody.toString("utf8")) as Envelope).id)).toEqual(eventIds);
      const deliveryIds = replayed.map((r) => r.headers["x-service-delivery"]);
      expect(new Set([...deliveryIds, live[0]!.headers["x-service-delivery"]]).size).toBe(3);
      expect(await t.db.webhookDelivery.count({ where: { subscriptionId: subscription.id } })).toBe(3);
    } finally {
      await driver.stop();
    }
  });

  it("answers 404 for another organization's subscription and 400 for an inactive one", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const created = await t.server.api("/webhooks/subscriptions", {
      token: other.key,
      method: "POST",
      json: { target_url: receiver.url("/other"), event: "lead.created" },
    });
    const { id } = (await created.json()) as { id: string };
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await t.server.api(`/webhooks/subscriptions/${id}/replay`, { token: org.key, method: "POST", json: { since } })).status).toBe(404);
    await t.db.webhookSubscription.update({ where: { id }, data: { isActive: false } });
    const inactive = await t.server.api(`/webhooks/subscriptions/${id}/replay`, { token: other.key, method: "POST", json: { since } });
    expect(inactive.status).toBe(400);
  });
});
