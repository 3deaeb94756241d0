import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { recordEvents } from "../../server/events/record-events";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { startAppInstance, type AppInstance } from "../support/spawn-app-instance";
import { createTestDatabase } from "../support/database";
import { connect, seedOrganization, type SeededOrganization } from "../support/factories";
import { startReceiver, type TestReceiver } from "../webhooks/support/receiver";
import { sampleEvent } from "../webhooks/support/sample-events";
import { createTestCertificates, type TestCertificates } from "../webhooks/support/tls-fixture";
import { seedSubscription } from "../webhooks/support/webhook-fixtures";
import { configureForTests } from "../../server/config/config";

/**
 * Two app processes on one PostgreSQL database and one Redis, as a scaled-out
 * deployment runs: rate limits hold across both, the webhook burst they share
 * is delivered exactly once, when one is killed mid-burst the other takes
 * over its leases once they expire (15 s after its last heartbeat, on the
 * database clock) and nothing is lost, and when one is asked to stop
 * (SIGTERM) it hands back what it holds, which the other picks up at once.
 * Timings are read on the database clock (lease ends, completion times), with
 * generous backstops only.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const ORGANIZATIONS = 5;
const SUBSCRIPTIONS = 10;
const EVENTS_PER_ORGANIZATION = 20; // 5 × 10 × 20 = 1,000 deliveries per burst
const LEASE_MS = 15_000; // JOB_LEASE_MS's default, which the instances run with

let db: Db;
let redis: Redis;
let certs: TestCertificates;
let receiver: TestReceiver;
let instances: AppInstance[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  await redis.ping();
  const database = await createTestDatabase();
  db = connect(database.url);
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true }); // this process creates the subscriptions to the loopback receiver
  env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    // The receiver (one process, on a busy machine) is the bottleneck: 16 deliveries in flight per instance
    // keep its queue, and so each request's latency, short of the timeout, and take no longer overall than 64.
    APP_INSTANCE_CONCURRENCY: "16",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    WEBHOOK_EXTRA_CA_FILE: certs.caFile,
    INMO_LOG: "silent",
  };
  const started = await Promise.allSettled([startAppInstance("a", env), startAppInstance("b", env)]);
  instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failure = started.find((result) => result.status === "rejected");
  if (failure) throw failure.reason; // afterAll stops the one that did start
  // Warm both up (first requests load the routers and connect to Redis), so the tests' bursts are bursts.
  const warm = await seedOrganization(db, { rateLimitExempt: true });
  for (const instance of instances) expect((await instance.api("/me", { token: warm.key })).status).toBe(200);
}, 90_000);

afterAll(async () => {
  // Children first, whatever happened: a failed test must not leave app processes behind.
  await Promise.all(instances.map((instance) => instance.kill()));
  await receiver?.close();
  certs?.remove();
  closeIdleConnections();
  await redis?.quit();
  await db?.$disconnect();
});

/** Organizations with endpoints on the receiver, then one burst of events recorded in a single transaction (the outbox). */
async function seedBurst(): Promise<SeededOrganization[]> {
  const orgs = await Promise.all(
    Array.from({ length: ORGANIZATIONS }, async () => {
      const org = await seedOrganization(db, { rateLimitExempt: true });
      for (let s = 0; s < SUBSCRIPTIONS; s++) {
        await seedSubscription(db, org, { targetUrl: receiver.url(`/hook/${org.id}/${s}`), event: "lead.created" });
      }
      return org;
    }),
  );
  const events = Array.from({ length: EVENTS_PER_ORGANIZATION }, () => sampleEvent("lead.created"));
  await db.$transaction(async (tx) => {
    for (const org of orgs) await recordEvents(tx, { organization: { id: org.id, name: org.name, slug: org.slug }, origin: "api" }, events);
  });
  return orgs;
}

/** Waits until no delivery of these organizations is pending (polling the database, the source of truth). */
async function settled(orgs: SeededOrganization[], timeoutMs: number) {
  const where = { organizationId: { in: orgs.map((org) => org.id) } };
  const deadline = Date.now() + timeoutMs;
  while ((await db.webhookDelivery.count({ where: { ...where, status: "pending" } })) > 0) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return db.webhookDelivery.findMany({ where, select: { id: true, status: true, attemptCount: true, completedAt: true } });
}

/** The database's clock now: every instant these tests compare is the database's. */
async function databaseNow(): Promise<number> {
  const [row] = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  return row!.now.getTime();
}

/** The leases the given deliveries hold now (those still pending and leased). */
async function leasesOf(ids: Iterable<string>): Promise<Map<string, number>> {
  const rows = await db.webhookDelivery.findMany({ where: { id: { in: [...ids] }, status: "pending", lockedUntil: { not: null } }, select: { id: true, lockedUntil: true } });
  return new Map(rows.map((row) => [row.id, row.lockedUntil!.getTime()]));
}

/** How many times the receiver acknowledged each delivery id. */
function receivedCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const delivery of receiver.received) {
    const id = String(delivery.headers["x-service-delivery"]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe("two app instances on one database and one Redis", () => {
  it("enforce one organization's per-second limit together", async () => {
    const LIMIT = 5;
    const REQUESTS = 16;
    // The window is a second of the instances' clocks (their number in the key): a burst that straddles two
    // windows (a slow machine) is recognised by the keys and tried again with a fresh organization.
    for (let round = 1; ; round++) {
      const org = await seedOrganization(db, { rateLimitPerSecond: LIMIT, rateLimitPerMinute: 1_000 });
      const statuses = await Promise.all(
        Array.from({ length: REQUESTS }, (_, i) => instances[i % 2]!.api("/me", { token: org.key }).then((res) => res.status)),
      );
      const windows = await redis.keys(`inmo:rl:second:${org.id}:*`);
      if (windows.length !== 1 && round < 3) continue;
      expect(windows).toHaveLength(1); // one window saw every request
      expect(Number(await redis.get(windows[0]!))).toBe(REQUESTS);
      expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(REQUESTS - LIMIT);
      // Both instances answered, and each refused some: neither kept a budget of its own.
      expect(statuses.filter((status, i) => i % 2 === 0 && status === 429).length).toBeGreaterThan(0);
      expect(statuses.filter((status, i) => i % 2 === 1 && status === 429).length).toBeGreaterThan(0);
      return;
    }
  });

  it("deliver a burst of 1,000 deliveries exactly once between them", { timeout: 90_000 }, async () => {
    receiver.received.length = 0;
    for (const instance of instances) instance.ran.clear();
    const orgs = await seedBurst();

    const deliveries = await settled(orgs, 60_000);
    expect(deliveries).toHaveLength(1_000);
    expect(deliveries.filter((d) => d.status !== "succeeded" || d.attemptCount !== 1)).toEqual([]);

    const counts = receivedCounts();
    expect(counts.size).toBe(1_000);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const d of deliveries) expect(counts.get(d.id)).toBe(1);

    // Both did part of the work, and no delivery was run by both.
    const [a, b] = instances.map((instance) => [...instance.ran]) as [string[], string[]];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((id) => instances[1]!.ran.has(id))).toEqual([]);
    expect(new Set([...a, ...b]).size).toBe(1_000);
  });

  it("lose nothing when one is killed mid-burst: the other retakes its work once its lease ends, as the same attempts", { timeout: 180_000 }, async () => {
    receiver.received.length = 0;
    for (const instance of instances) instance.ran.clear();
    const [victim, survivor] = instances as [AppInstance, AppInstance];
    // Slow acknowledgements keep deliveries in flight in the victim when it dies.
    receiver.respondWith((_delivery, res) => void setTimeout(() => res.writeHead(200).end("ok"), 100));
    const orgs = await seedBurst();

    await victim.waitForStarted(50);
    await victim.kill("SIGKILL");
    const killedAt = await databaseNow();
    const inFlightWhenKilled = victim.inFlight();
    expect(inFlightWhenKilled.size).toBeGreaterThan(0);
    // Heartbeats keep a lease at most one lease ahead: what the victim held frees itself within 15 s of its death.
    const held = await leasesOf(inFlightWhenKilled);
    for (const until of held.values()) expect(until).toBeLessThanOrEqual(killedAt + LEASE_MS);

    const deliveries = await settled(orgs, 90_000);
    expect(deliveries).toHaveLength(1_000);
    expect(deliveries.filter((d) => d.status !== "succeeded")).toEqual([]);
    // An attempt cut by the crash never completed: it is made again as the same attempt, not counted as a failure.
    expect(deliveries.filter((d) => d.attemptCount !== 1)).toEqual([]);

    const counts = receivedCounts();
    for (const d of deliveries) expect(counts.get(d.id) ?? 0).toBeGreaterThanOrEqual(1);
    // A delivery is received twice only if the victim was sending it when it died (acknowledged, never recorded).
    const duplicates = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    expect(duplicates.filter((id) => !inFlightWhenKilled.has(id))).toEqual([]);
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    // The survivor retook what the victim still held once its lease ended (database clock): the lease, at most one
    // lease after the kill (above), is what frees the work; no wall-clock bound, so a slow machine changes nothing.
    // (Not every in-flight run needed it: one the victim recorded just before the kill was not retaken.)
    const retaken = [...held.keys()].filter((id) => survivor.ran.has(id));
    expect(retaken.length).toBeGreaterThan(0);
    const completedAt = new Map(deliveries.map((d) => [d.id, d.completedAt!.getTime()]));
    for (const id of retaken) expect(completedAt.get(id)!).toBeGreaterThanOrEqual(held.get(id)!);
  });

  it("hand back on SIGTERM what they cannot finish in time, exit 0, and the other picks it up at once", { timeout: 120_000 }, async () => {
    receiver.received.length = 0;
    // A lease of two minutes: only the hand-back can explain the survivor taking these over before the test ends.
    const leaving = await startAppInstance("leaving", { ...env, JOB_LEASE_MS: "120000", SHUTDOWN_TIMEOUT_MS: "1500", INMO_LOG: "info" });
    instances.push(leaving);
    for (const instance of instances) instance.ran.clear();
    // Every request hangs until the test answers it, so the leaving instance cannot finish in time.
    const parked: import("node:http").ServerResponse[] = [];
    receiver.respondWith((_delivery, res) => void parked.push(res));
    const orgs = await seedBurst();

    await leaving.waitForStarted(8);
    const held = await leasesOf(leaving.inFlight());
    expect(held.size).toBeGreaterThan(0);
    await leaving.kill("SIGTERM");
    expect(leaving.exitStatus(), leaving.stderr()).toEqual({ code: 0, signal: null });
    const exitedAt = await databaseNow();
    // Handed back: free now, a long way before their two-minute leases would have ended.
    const after = await db.webhookDelivery.findMany({ where: { id: { in: [...held.keys()] } }, select: { id: true, lockedUntil: true, status: true } });
    for (const row of after) {
      if (row.status === "pending") expect(row.lockedUntil === null || row.lockedUntil.getTime() < held.get(row.id)!).toBe(true);
    }
    expect(Math.min(...held.values())).toBeGreaterThan(exitedAt + 60_000);

    receiver.respondWith((_delivery, res) => void res.writeHead(200).end("ok"));
    for (const res of parked.splice(0)) if (!res.destroyed) res.writeHead(200).end("ok");
    const deliveries = await settled(orgs, 90_000);
    expect(deliveries).toHaveLength(1_000);
    expect(deliveries.filter((d) => d.status !== "succeeded" || d.attemptCount !== 1)).toEqual([]);
    const completedAt = new Map(deliveries.map((d) => [d.id, d.completedAt!.getTime()]));
    const others = instances.filter((instance) => instance !== leaving);
    for (const [id, leaseEnd] of held) {
      expect(others.some((instance) => instance.ran.has(id))).toBe(true);
      expect(completedAt.get(id)!).toBeLessThan(leaseEnd);
    }
  });
});
