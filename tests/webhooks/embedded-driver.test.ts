import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { claimDueDeliveries } from "../../server/webhooks/claim";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { EmbeddedWebhookDriver } from "../../inngest/embedded/driver";
import {
  nudgeEmbeddedWebhookDriver,
  startEmbeddedWebhookDriver,
  stopEmbeddedWebhookDriver,
} from "../../inngest/embedded/process-driver";
import { createTestDatabase } from "../support/database";
import { connect, seedOrganization, type SeededOrganization } from "../support/factories";
import { createManualClock } from "./support/manual-clock";
import { acknowledge, startReceiver, type TestReceiver } from "./support/receiver";
import { sampleEvent } from "./support/sample-events";
import { createTestCertificates, type TestCertificates } from "./support/tls-fixture";
import { emit, seedSubscription } from "./support/webhook-fixtures";

let db: Db;
let certs: TestCertificates;
let receiver: TestReceiver;
let org: SeededOrganization;
let manual: ReturnType<typeof createManualClock>;
const drivers: EmbeddedWebhookDriver[] = [];

function newDriver(options: Partial<ConstructorParameters<typeof EmbeddedWebhookDriver>[0]> = {}) {
  const driver = new EmbeddedWebhookDriver({ db, clock: manual.clock, pollIntervalMs: 50, ...options });
  drivers.push(driver);
  return driver;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const deliveryOf = async (subscriptionId: string) =>
  db.webhookDelivery.findFirstOrThrow({ where: { subscriptionId }, include: { attempts: { orderBy: { number: "asc" } } } });

beforeAll(async () => {
  process.env.INMO_LOG ??= "silent";
  const database = await createTestDatabase();
  db = connect(database.url);
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";
  process.env.WEBHOOK_EXTRA_CA_FILE = certs.caFile;
  process.env.WEBHOOK_TIMEOUT_MS = "5000";
});

beforeEach(async () => {
  await db.webhookDelivery.deleteMany();
  org = await seedOrganization(db, { rateLimitExempt: true });
  manual = createManualClock();
  receiver.received.length = 0;
  receiver.respondWith(acknowledge);
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.stop()));
  await stopEmbeddedWebhookDriver();
  closeIdleConnections();
});

afterAll(async () => {
  await receiver.close();
  certs.remove();
  await db.$disconnect();
});

describe("embedded driver", () => {
  it("delivers by polling, without being nudged", { timeout: 15_000 }, async () => {
    const subscription = await seedSubscription(db, org, { targetUrl: receiver.url(), event: "lead.created" });
    newDriver().start();
    await emit(db, org, [sampleEvent("lead.created")]);
    await receiver.waitFor(1);
    const delivery = await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded");
    expect(receiver.received[0]!.headers["x-service-delivery"]).toBe(delivery.id);
  });

  it("survives a stop and restart between attempts: the delivery completes under the same delivery id", { timeout: 15_000 }, async () => {
    const subscription = await seedSubscription(db, org, { targetUrl: receiver.url(), event: "lead.stage_changed" });
    receiver.respondWith((_d, res) => void res.writeHead(500).end());
    const first = newDriver();
    first.start();
    await emit(db, org, [sampleEvent("lead.stage_changed")]);
    await until(() => deliveryOf(subscription.id), (d) => d.attemptCount === 1);
    await first.stop(); // the process goes away between attempt 1 and attempt 2

    receiver.respondWith(acknowledge);
    manual.advance(60_000);
    const second = newDriver(); // a new process: nothing in memory, only the rows
    second.start();
    const delivery = await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded");

    expect(delivery.attempts.map((a) => [a.number, a.statusCode])).toEqual([[1, 500], [2, 200]]);
    expect(receiver.received.map((r) => r.headers["x-service-delivery"])).toEqual([delivery.id, delivery.id]);
  });

  it("takes over a crashed worker's claim once its lease expires", { timeout: 15_000 }, async () => {
    const subscription = await seedSubscription(db, org, { targetUrl: receiver.url(), event: "unit.status_changed" });
    await emit(db, org, [sampleEvent("unit.status_changed")]);
    // A worker claims the delivery and dies before recording anything.
    const [claim] = await claimDueDeliveries(db, { now: manual.clock(), limit: 10, leaseMs: 120_000 });
    expect(claim).toMatchObject({ attempt: 1 });

    const driver = newDriver();
    driver.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(0); // the claim still holds

    manual.advance(120_000);
    driver.nudge();
    const delivery = await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded");
    expect(delivery.attempts.map((a) => a.number)).toEqual([1]);
    expect(receiver.received).toHaveLength(1);
  });

  it("a receiver that was down gets every event once it is back", { timeout: 20_000 }, async () => {
    const port = receiver.port;
    const subscription = await seedSubscription(db, org, { targetUrl: receiver.url(), event: "lead.updated" });
    await receiver.close(); // down: connections are refused

    const driver = newDriver();
    await emit(db, org, Array.from({ length: 5 }, () => sampleEvent("lead.updated")));
    expect(await driver.runDue()).toBe(5);
    const failed = await db.webhookDeliveryAttempt.findMany({ where: { delivery: { subscriptionId: subscription.id } } });
    expect(failed).toHaveLength(5);
    expect(failed.every((a) => a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ""))).toBe(true);

    receiver = await startReceiver(certs, port); // back up on the same address
    manual.advance(60_000);
    expect(await driver.runDue()).toBe(5);
    const deliveries = await db.webhookDelivery.findMany({ where: { subscriptionId: subscription.id } });
    expect(deliveries.every((d) => d.status === "succeeded" && d.attemptCount === 2)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.headers["x-service-delivery"]))).toEqual(new Set(deliveries.map((d) => d.id)));
  });

  it("two drivers side by side never take the same delivery", { timeout: 20_000 }, async () => {
    await seedSubscription(db, org, { targetUrl: receiver.url(), event: "project.created" });
    await seedSubscription(db, org, { targetUrl: receiver.url(), event: "project.created" });
    await emit(db, org, Array.from({ length: 20 }, () => sampleEvent("project.created")));
    const [a, b] = [newDriver({ batchSize: 3, concurrency: 3 }), newDriver({ batchSize: 3, concurrency: 3 })];
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(40);
    expect(receiver.received).toHaveLength(40);
    expect(new Set(receiver.received.map((r) => r.headers["x-service-delivery"])).size).toBe(40);
    expect(await db.webhookDeliveryAttempt.count({ where: { delivery: { organizationId: org.id } } })).toBe(40);
  });

  it("stops cleanly: waits for the attempt in flight to be recorded", { timeout: 15_000 }, async () => {
    const subscription = await seedSubscription(db, org, { targetUrl: receiver.url(), event: "lead.won" });
    receiver.respondWith((_d, res) => void setTimeout(() => res.writeHead(200).end(), 400));
    const driver = newDriver();
    driver.start();
    await emit(db, org, [sampleEvent("lead.won")]);
    driver.nudge();
    await receiver.waitFor(1);
    await driver.stop();
    expect(driver.isRunning).toBe(false);
    expect((await deliveryOf(subscription.id)).status).toBe("succeeded");
  });
});

describe("one driver per process", () => {
  it("starts once however often it is started, can be nudged, and stops", { timeout: 15_000 }, async () => {
    const subscription = await seedSubscription(db, org, { targetUrl: receiver.url(), event: "lead.unassigned" });
    const first = startEmbeddedWebhookDriver({ db, clock: manual.clock, pollIntervalMs: 60_000 });
    const second = startEmbeddedWebhookDriver({ db });
    expect(second).toBe(first);
    expect(first.isRunning).toBe(true);

    await emit(db, org, [sampleEvent("lead.unassigned")]);
    expect(nudgeEmbeddedWebhookDriver()).toBe(true); // long poll interval: only the nudge can explain a prompt delivery
    await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded", 5_000);

    await stopEmbeddedWebhookDriver();
    expect(first.isRunning).toBe(false);
    expect(nudgeEmbeddedWebhookDriver()).toBe(false);
  });
});
