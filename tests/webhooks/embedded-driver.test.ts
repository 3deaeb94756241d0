import { afterEach, describe, expect, it } from "vitest";
import { claimDueDeliveries } from "../../server/webhooks/claim";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { nudgeEmbeddedDriver, startEmbeddedDriver, stopEmbeddedDriver } from "../../server/jobs/embedded/process-driver";
import { acknowledge, startReceiver } from "./support/receiver";
import { sampleEvent } from "./support/sample-events";
import { emit, seedSubscription } from "./support/webhook-fixtures";
import { useWebhookTest } from "./support/webhook-test";

const t = useWebhookTest();
const drivers: EmbeddedDriver[] = [];

function newDriver(options: Partial<ConstructorParameters<typeof EmbeddedDriver>[0]> = {}) {
  const driver = new EmbeddedDriver({ jobs: [deliverWebhookJob],  db: t.db, clock: t.manual.clock, pollIntervalMs: 50, ...options });
  drivers.push(driver);
  return driver;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const deliveryOf = async (subscriptionId: string) =>
  t.db.webhookDelivery.findFirstOrThrow({ where: { subscriptionId }, include: { attempts: { orderBy: { number: "asc" } } } });

// Runs before the shared afterEach that closes idle connections.
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.stop()));
  await stopEmbeddedDriver();
});

describe("embedded driver", () => {
  it("delivers by polling, without being nudged", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.created" });
    newDriver().start();
    await emit(t.db, t.org, [sampleEvent("lead.created")]);
    await t.receiver.waitFor(1);
    const delivery = await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded");
    expect(t.receiver.received[0]!.headers["x-service-delivery"]).toBe(delivery.id);
  });

  it("survives a stop and restart between attempts: the delivery completes under the same delivery id", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.stage_changed" });
    t.receiver.respondWith((_d, res) => void res.writeHead(500).end());
    const first = newDriver();
    first.start();
    await emit(t.db, t.org, [sampleEvent("lead.stage_changed")]);
    await until(() => deliveryOf(subscription.id), (d) => d.attemptCount === 1);
    await first.stop(); // the process goes away between attempt 1 and attempt 2

    t.receiver.respondWith(acknowledge);
    t.manual.advance(60_000);
    const second = newDriver(); // a new process: nothing in memory, only the rows
    second.start();
    const delivery = await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded");

    expect(delivery.attempts.map((a) => [a.number, a.statusCode])).toEqual([[1, 500], [2, 200]]);
    expect(t.receiver.received.map((r) => r.headers["x-service-delivery"])).toEqual([delivery.id, delivery.id]);
  });

  it("takes over a crashed worker's claim once its lease expires", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "unit.status_changed" });
    await emit(t.db, t.org, [sampleEvent("unit.status_changed")]);
    // A worker claims the delivery and dies before recording anything.
    const [claim] = await claimDueDeliveries(t.db, t.manual.clock, { limit: 10, leaseMs: 120_000, perOrganization: 16, lookAheadMs: 0 });
    expect(claim).toMatchObject({ attempt: 1 });

    const driver = newDriver();
    driver.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.receiver.received).toHaveLength(0); // the claim still holds

    t.manual.advance(120_000);
    driver.nudge();
    const delivery = await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded");
    expect(delivery.attempts.map((a) => a.number)).toEqual([1]);
    expect(t.receiver.received).toHaveLength(1);
  });

  it("a receiver that was down gets every event once it is back", async () => {
    const port = t.receiver.port;
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.updated" });
    await t.receiver.close(); // down: connections are refused

    const driver = newDriver();
    await emit(t.db, t.org, Array.from({ length: 5 }, () => sampleEvent("lead.updated")));
    expect(await driver.runDue()).toBe(5);
    const failed = await t.db.webhookDeliveryAttempt.findMany({ where: { delivery: { subscriptionId: subscription.id } } });
    expect(failed).toHaveLength(5);
    expect(failed.every((a) => a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ""))).toBe(true);

    t.receiver = await startReceiver(t.certs, port); // back up on the same address
    t.manual.advance(60_000);
    expect(await driver.runDue()).toBe(5);
    const deliveries = await t.db.webhookDelivery.findMany({ where: { subscriptionId: subscription.id } });
    expect(deliveries.every((d) => d.status === "succeeded" && d.attemptCount === 2)).toBe(true);
    expect(new Set(t.receiver.received.map((r) => r.headers["x-service-delivery"]))).toEqual(new Set(deliveries.map((d) => d.id)));
  });

  it("two drivers side by side never take the same delivery", async () => {
    await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "project.created" });
    await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "project.created" });
    await emit(t.db, t.org, Array.from({ length: 20 }, () => sampleEvent("project.created")));
    const [a, b] = [newDriver({ batchSize: 3, concurrency: 3 }), newDriver({ batchSize: 3, concurrency: 3 })];
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(40);
    expect(t.receiver.received).toHaveLength(40);
    expect(new Set(t.receiver.received.map((r) => r.headers["x-service-delivery"])).size).toBe(40);
    expect(await t.db.webhookDeliveryAttempt.count({ where: { delivery: { organizationId: t.org.id } } })).toBe(40);
  });

  it("keeps the lease of an attempt that outlasts it: the heartbeat renews it, so no second driver takes the delivery", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.lost" });
    // The answer comes after one and a half leases; renewals every third of a lease keep the claim meanwhile.
    t.receiver.respondWith((_d, res) => void setTimeout(() => res.writeHead(200).end(), 4_500));
    const holder = newDriver({ leaseMs: 3_000 });
    const other = newDriver({ leaseMs: 3_000 });
    await emit(t.db, t.org, [sampleEvent("lead.lost")]);
    holder.start();
    await t.receiver.waitFor(1);
    other.start();
    const delivery = await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded");
    expect(t.receiver.received).toHaveLength(1);
    expect(delivery.attempts.map((a) => a.number)).toEqual([1]);
  });

  it("hands back on stop what it cannot finish in time: free at once for another driver, the attempt not counted", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.deleted" });
    const hanging: import("node:http").ServerResponse[] = [];
    t.receiver.respondWith((_d, res) => void hanging.push(res));
    const leaving = newDriver({ leaseMs: 120_000 });
    leaving.start();
    await emit(t.db, t.org, [sampleEvent("lead.deleted")]);
    leaving.nudge();
    await t.receiver.waitFor(1);
    expect((await deliveryOf(subscription.id)).lockedUntil).not.toBeNull();

    expect(await leaving.stop({ timeoutMs: 200 })).toEqual({ handedBack: 1 });
    const released = await deliveryOf(subscription.id);
    expect(released).toMatchObject({ status: "pending", attemptCount: 0, lockedUntil: null, attempts: [] });

    t.receiver.respondWith(acknowledge);
    expect(await newDriver().runDue()).toBe(1); // the same clock: only the hand-back made it free
    expect(await deliveryOf(subscription.id)).toMatchObject({ status: "succeeded", attemptCount: 1 });
    hanging.forEach((res) => res.destroy());
  });

  it("stops cleanly: waits for the attempt in flight to be recorded", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.won" });
    t.receiver.respondWith((_d, res) => void setTimeout(() => res.writeHead(200).end(), 400));
    const driver = newDriver();
    driver.start();
    await emit(t.db, t.org, [sampleEvent("lead.won")]);
    driver.nudge();
    await t.receiver.waitFor(1);
    await driver.stop();
    expect(driver.isRunning).toBe(false);
    expect((await deliveryOf(subscription.id)).status).toBe("succeeded");
  });
});

describe("one driver per process", () => {
  it("starts once however often it is started, can be nudged, and stops", async () => {
    const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.unassigned" });
    const first = startEmbeddedDriver({ db: t.db, clock: t.manual.clock, pollIntervalMs: 3_600_000 });
    const second = startEmbeddedDriver({ db: t.db });
    expect(second).toBe(first);
    expect(first.isRunning).toBe(true);

    await emit(t.db, t.org, [sampleEvent("lead.unassigned")]);
    expect(nudgeEmbeddedDriver()).toBe(true); // an hour between polls: only the nudge can explain a delivery within the backstop
    await until(() => deliveryOf(subscription.id), (d) => d.status === "succeeded");

    await stopEmbeddedDriver();
    expect(first.isRunning).toBe(false);
    expect(nudgeEmbeddedDriver()).toBe(false);
  });
});
