import type { ServerResponse } from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { EVENT_TYPES, type EventType } from "../../server/events/event-types";
import { RETRY_DELAYS_MS } from "../../server/webhooks/schedule";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { seedOrganization } from "../support/factories";
import { acknowledge, signatureIsValid } from "./support/receiver";
import { expectedDataKeys, sampleEvent } from "./support/sample-events";
import { emit, seedSubscription } from "./support/webhook-fixtures";
import { useWebhookTest } from "./support/webhook-test";
import { config, configureForTests } from "../../server/config/config";

const t = useWebhookTest({ organization: { name: "Acme Realty" } });
let driver: EmbeddedDriver;

beforeEach(() => {
  driver = new EmbeddedDriver({ jobs: [deliverWebhookJob],  db: t.db, clock: t.manual.clock });
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
  configureForTests({ WEBHOOK_TIMEOUT_MS: "5000" });
});

const deliveriesOf = (subscriptionId: string) =>
  t.db.webhookDelivery.findMany({ where: { subscriptionId }, include: { attempts: { orderBy: { number: "asc" } } }, orderBy: { createdAt: "asc" } });

describe("signed deliveries", () => {
  it("delivers every event type with the contract's headers, signature over the raw body, and envelope", async () => {
    const subscriptions = new Map<EventType, { id: string; secret: string }>();
    for (const type of EVENT_TYPES) {
      subscriptions.set(type, await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(`/hook/${type}`), event: type }));
    }
    const envelopes = await emit(t.db, t.org, EVENT_TYPES.map(sampleEvent), "api");
    expect(await driver.runDue()).toBe(EVENT_TYPES.length);
    const attempts = await t.db.webhookDeliveryAttempt.findMany({ where: { delivery: { organizationId: t.org.id } } });
    expect(attempts.filter((a) => a.statusCode !== 200)).toEqual([]);
    expect(t.receiver.received).toHaveLength(EVENT_TYPES.length);

    for (const received of t.receiver.received) {
      const type = received.path.slice("/hook/".length) as EventType;
      const subscription = subscriptions.get(type)!;
      const [delivery] = await deliveriesOf(subscription.id);
      const event = await t.db.webhookEvent.findUniqueOrThrow({ where: { id: delivery!.eventId } });

      expect(received.method).toBe("POST");
      expect(received.headers["content-type"]).toBe("application/json");
      expect(received.headers["user-agent"]).toBe("Service-Webhook/1.0");
      expect(received.headers["x-service-event"]).toBe(type);
      expect(received.headers["x-service-delivery"]).toBe(delivery!.id);
      expect(received.headers["x-service-source"]).toBe("api");
      expect(received.rawBody.toString("utf8")).toBe(event.body);
      expect(signatureIsValid(received.rawBody, received.headers["x-service-signature"], subscription.secret)).toBe(true);
      // Re-serialised JSON is not what was signed: receivers must verify the raw bytes.
      const body = JSON.parse(received.rawBody.toString("utf8")) as Record<string, unknown>;
      expect(signatureIsValid(Buffer.from(JSON.stringify(body, null, 1)), received.headers["x-service-signature"], subscription.secret)).toBe(false);
      expect(signatureIsValid(received.rawBody, received.headers["x-service-signature"], "whsec_wrong")).toBe(false);

      expect(Object.keys(body).sort()).toEqual(["createdAt", "data", "id", "organization", "type"]);
      expect(body.id).toMatch(/^evt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(body.type).toBe(type);
      expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(body.organization).toEqual({ id: t.org.id, name: "Acme Realty", slug: t.org.slug });
      expect(Object.keys(body.data as object).filter((key) => expectedDataKeys(type).includes(key)).sort()).toEqual(expectedDataKeys(type).sort());
      expect(envelopes.map((e) => e.id)).toContain(body.id);

      expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 1, nextAttemptAt: null, lockedUntil: null });
      expect(delivery!.attempts).toHaveLength(1);
      expect(delivery!.attempts[0]).toMatchObject({ number: 1, statusCode: 200, error: null });
    }
  });

  it("stamps X-Service-Source with the origin of the change (ui, system)", async () => {
    await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.updated" });
    await emit(t.db, t.org, [sampleEvent("lead.updated")], "ui");
    await emit(t.db, t.org, [sampleEvent("lead.updated")], "system");
    await driver.runDue();
    expect(t.receiver.received.map((r) => r.headers["x-service-source"]).sort()).toEqual(["system", "ui"]);
  });

  it("creates no delivery for subscriptions of other event types, other organizations or inactive ones", async () => {
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    await seedSubscription(t.db, other, { targetUrl: t.receiver.url(), event: "lead.created" });
    await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.deleted" });
    const inactive = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.created" });
    await t.db.webhookSubscription.update({ where: { id: inactive.id }, data: { isActive: false } });
    await emit(t.db, t.org, [sampleEvent("lead.created")]);
    expect(await driver.runDue()).toBe(0);
    expect(t.receiver.received).toHaveLength(0);
  });
});

describe("retries", () => {
  it("retries a 500 after one minute with the same delivery id, then succeeds", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.won" });
    t.receiver.respondWith((_d, res) => void res.writeHead(500).end("boom"));
    await emit(t.db, t.org, [sampleEvent("lead.won")]);
    expect(await driver.runDue()).toBe(1);

    let [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 1, lockedUntil: null });
    expect(delivery!.nextAttemptAt!.getTime() - delivery!.attempts[0]!.startedAt.getTime()).toBeGreaterThanOrEqual(60_000);
    expect(delivery!.attempts[0]).toMatchObject({ number: 1, statusCode: 500, error: null });
    expect((await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).consecutiveFailures).toBe(1);

    t.manual.advance(59_000);
    expect(await driver.runDue()).toBe(0); // not due yet
    t.receiver.respondWith(acknowledge);
    t.manual.advance(1_500);
    expect(await driver.runDue()).toBe(1);

    [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 2, nextAttemptAt: null });
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(t.receiver.received.map((r) => r.headers["x-service-delivery"])).toEqual([delivery!.id, delivery!.id]);
    expect((await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).consecutiveFailures).toBe(0);
  });

  it("walks the whole schedule (now, 1 min, 5 min, 30 min, 2 h, 12 h) and then marks the delivery failed for good", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "project.updated" });
    t.receiver.respondWith((_d, res) => void res.writeHead(503).end());
    await emit(t.db, t.org, [sampleEvent("project.updated")]);

    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      t.manual.advance(delay - 1_000 > 0 ? delay - 1_000 : 0);
      if (delay > 0) expect(await driver.runDue(), `attempt ${index + 1} is not due a second early`).toBe(0);
      t.manual.advance(delay > 0 ? 1_000 : 0);
      expect(await driver.runDue(), `attempt ${index + 1}`).toBe(1);
    }

    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 6, nextAttemptAt: null, lockedUntil: null });
    expect(delivery!.completedAt).not.toBeNull();
    expect(delivery!.attempts.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(delivery!.attempts.every((a) => a.statusCode === 503)).toBe(true);
    const gaps = delivery!.attempts.slice(1).map((a, i) => a.startedAt.getTime() - delivery!.attempts[i]!.startedAt.getTime());
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i + 1]!));
    gaps.forEach((gap, i) => expect(gap).toBeLessThan(RETRY_DELAYS_MS[i + 1]! + 5_000));
    expect(t.receiver.received).toHaveLength(6);
    expect(new Set(t.receiver.received.map((r) => r.headers["x-service-delivery"]))).toEqual(new Set([delivery!.id]));
    expect((await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).consecutiveFailures).toBe(6);

    t.manual.advance(7 * 24 * 3_600_000);
    expect(await driver.runDue()).toBe(0); // never retried automatically
  });

  it("fails an attempt that times out and retries it", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.created" });
    configureForTests({ WEBHOOK_TIMEOUT_MS: "400" });
    // The receiver answers only once the test has checked the attempt: if the
    // sender waited for the answer rather than its timeout, runDue would never
    // return (the test's own timeout is the backstop), however fast the machine.
    const held: ServerResponse[] = [];
    t.receiver.respondWith((_d, res) => void held.push(res));
    await emit(t.db, t.org, [sampleEvent("lead.created")]);
    await driver.runDue();
    expect(held).toHaveLength(1);
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 1 });
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: null, error: "timeout after 400 ms" });
    expect(delivery!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(390);
    for (const res of held) if (!res.destroyed) res.writeHead(200).end();
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url("/old"), event: "unit.created" });
    t.receiver.respondWith((_d, res) => void res.writeHead(302, { Location: t.receiver.url("/new") }).end());
    await emit(t.db, t.org, [sampleEvent("unit.created")]);
    await driver.runDue();
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 1 });
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: 302, error: "redirect not followed (HTTP 302)" });
    expect(t.receiver.received.map((r) => r.path)).toEqual(["/old"]);
  });

  it("acknowledges any 2xx and reads at most a small part of a large response body", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "unit.updated" });
    t.receiver.respondWith((_d, res) => void res.writeHead(202).end(Buffer.alloc(2_000_000, 97)));
    await emit(t.db, t.org, [sampleEvent("unit.updated")]);
    await driver.runDue();
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "succeeded" });
    expect(delivery!.attempts[0]).toMatchObject({ statusCode: 202, error: null });
  });

  it("refuses a certificate the system trust store does not know (no test CA configured)", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.lost" });
    await emit(t.db, t.org, [sampleEvent("lead.lost")]);
    const caFile = config().WEBHOOK_EXTRA_CA_FILE;
    configureForTests({ WEBHOOK_EXTRA_CA_FILE: undefined });
    try {
      await driver.runDue();
    } finally {
      configureForTests({ WEBHOOK_EXTRA_CA_FILE: caFile });
    }
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery!.attempts[0]!.statusCode).toBeNull();
    expect(delivery!.attempts[0]!.error).toMatch(/certificate/i);
    expect(t.receiver.received).toHaveLength(0);
  });
});

describe("delivery-time target checks (SSRF)", () => {
  it("refuses loopback targets at delivery time, for IP literals and for names that resolve there", async () => {
    const literal = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.assigned" });
    const named = await seedSubscription(t.db, t.org, { targetUrl: `https://localhost:${t.receiver.port}/hook`, event: "lead.assigned" });
    configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" }); // e.g. DNS now points a once-public name at a private address
    await emit(t.db, t.org, [sampleEvent("lead.assigned")]);
    await driver.runDue();
    for (const subscription of [literal, named]) {
      const [delivery] = await deliveriesOf(subscription.id);
      expect(delivery).toMatchObject({ status: "pending", attemptCount: 1 });
      expect(delivery!.attempts[0]!.statusCode).toBeNull();
      expect(delivery!.attempts[0]!.error).toMatch(/^refused target: /);
    }
    expect(t.receiver.received).toHaveLength(0);
  });
});

describe("subscription changes while deliveries are pending", () => {
  it("ends a disabled subscription's delivery as failed without sending", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.note_added" });
    await emit(t.db, t.org, [sampleEvent("lead.note_added")]);
    await t.db.webhookSubscription.update({ where: { id: subscription.id }, data: { isActive: false } });
    await driver.runDue();
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 1 });
    expect(delivery!.attempts[0]!.error).toBe("subscription disabled; not sent");
    expect(t.receiver.received).toHaveLength(0);
  });

  it("drops the deliveries of a deleted subscription quietly", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.deleted" });
    await emit(t.db, t.org, [sampleEvent("lead.deleted")]);
    await t.db.webhookSubscription.delete({ where: { id: subscription.id } });
    expect(await driver.runDue()).toBe(0);
    expect(t.receiver.received).toHaveLength(0);
  });
});
