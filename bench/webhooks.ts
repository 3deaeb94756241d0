/**
 * Webhook fan-out benchmark (not a test): 1,000 events, each to 10
 * subscriptions (10,000 signed HTTPS deliveries), through the embedded driver
 * to a local HTTPS receiver. Three runs over the same setup:
 *
 * - burst:   writers commit events as fast as they can while the driver runs
 *            (each commit nudges the driver, as writers do after a commit);
 * - paced:   events arrive at a steady BENCH_PACED_RATE per second, below capacity;
 * - backlog: every event is written first, then the driver drains them.
 *
 * For each: deliveries per second (first write to last acknowledgement) and
 * the time from the write (event recorded) to the first delivery attempt.
 *
 *   npx tsx bench/webhooks.ts
 *
 * Settings: BENCH_DATABASE_URL (else a scratch embedded PostgreSQL),
 * BENCH_EVENTS (1000), BENCH_SUBSCRIPTIONS (10), BENCH_WRITERS (8),
 * BENCH_PACED_RATE (25 events/s), WEBHOOK_DRIVER_CONCURRENCY / WEBHOOK_DRIVER_BATCH.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { createPrismaClient, type Db } from "../server/db/client";
import { recordEvents, type EventSource } from "../server/events/record-events";
import { createSubscription } from "../server/webhooks/create-subscription";
import { closeIdleConnections } from "../server/webhooks/http-sender";
import { DASHBOARD_MANAGER } from "../server/webhooks/subscription-manager";
import { EmbeddedDriver, EMBEDDED_DEFAULTS } from "../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../server/webhooks/deliver-webhook-job";
import { seedOrganization } from "../tests/support/factories";
import { signatureIsValid, startReceiver, type TestReceiver } from "../tests/webhooks/support/receiver";
import { sampleEvent } from "../tests/webhooks/support/sample-events";
import { createTestCertificates } from "../tests/webhooks/support/tls-fixture";
import { createBenchDatabase } from "./support/bench-database";
import { config, configureForTests } from "../server/config/config";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 25);
const CONCURRENCY = Number(process.env.WEBHOOK_DRIVER_CONCURRENCY ?? EMBEDDED_DEFAULTS.concurrency);
const BATCH = Number(process.env.WEBHOOK_DRIVER_BATCH ?? EMBEDDED_DEFAULTS.batchSize);
const TOTAL = EVENTS * SUBSCRIPTIONS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Context {
  db: Db;
  source: EventSource;
  receiver: TestReceiver;
  secrets: string[];
}

async function writeOne(context: Context, driver: EmbeddedDriver | null, count = 1) {
  await context.db.$transaction((tx) => recordEvents(tx, context.source, Array.from({ length: count }, () => sampleEvent("lead.created"))));
  driver?.nudge();
}

async function waitForAll(db: Db) {
  while ((await db.webhookDelivery.count({ where: { status: { not: "pending" } } })) < TOTAL) await sleep(50);
}

async function report(context: Context, name: string, seconds: number, extra: Record<string, unknown> = {}, withLatency = true) {
  const { db, receiver, secrets } = context;
  const latencies = (
    await db.$queryRaw<{ ms: number }[]>`
      SELECT EXTRACT(EPOCH FROM (a."startedAt" - e."createdAt")) * 1000 AS ms
      FROM "WebhookDeliveryAttempt" a
      JOIN "WebhookDelivery" d ON d.id = a."deliveryId"
      JOIN "WebhookEvent" e ON e.id = d."eventId"
      WHERE a.number = 1`
  )
    .map((row) => Number(row.ms))
    .sort((a, b) => a - b);
  const unique = new Set(receiver.received.map((r) => r.headers["x-service-delivery"]));
  const sample = receiver.received[Math.floor(receiver.received.length / 2)];
  const result = {
    scenario: name,
    ...extra,
    seconds: round(seconds),
    deliveriesPerSecond: Math.round(TOTAL / seconds),
    // A backlog's waiting time is the benchmark's own doing (written before any driver ran), not the engine's.
    writeToFirstAttemptMs: withLatency
      ? { p50: round(percentile(latencies, 50)), p90: round(percentile(latencies, 90)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? 0) }
      : null,
    acknowledged: await db.webhookDelivery.count({ where: { status: "succeeded" } }),
    failed: await db.webhookDelivery.count({ where: { status: "failed" } }),
    attempts: await db.webhookDeliveryAttempt.count(),
    received: receiver.received.length,
    duplicatesReceived: receiver.received.length - unique.size,
    signatureVerified: sample ? secrets.some((s) => signatureIsValid(sample.rawBody, sample.headers["x-service-signature"], s)) : false,
  };
  // Next scenario starts from empty tables and an empty receiver log.
  await db.webhookEvent.deleteMany();
  receiver.received.length = 0;
  return result;
}

async function burst(context: Context) {
  const driver = new EmbeddedDriver({ db: context.db, jobs: [deliverWebhookJob], concurrency: CONCURRENCY, batchSize: BATCH });
  driver.start();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < EVENTS) {
        next++;
        await writeOne(context, driver);
      }
    }),
  );
  const written = performance.now();
  await waitForAll(context.db);
  const seconds = (performance.now() - started) / 1000;
  await driver.stop();
  return report(context, "burst", seconds, { writers: WRITERS, writeSeconds: round((written - started) / 1000) });
}

async function paced(context: Context) {
  const driver = new EmbeddedDriver({ db: context.db, jobs: [deliverWebhookJob], concurrency: CONCURRENCY, batchSize: BATCH });
  driver.start();
  const started = performance.now();
  const writes: Promise<void>[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const due = started + (i * 1000) / PACED_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    writes.push(writeOne(context, driver));
  }
  await Promise.all(writes);
  await waitForAll(context.db);
  const seconds = (performance.now() - started) / 1000;
  await driver.stop();
  return report(context, "paced", seconds, { eventsPerSecond: PACED_RATE });
}

async function backlog(context: Context) {
  for (let i = 0; i < EVENTS; i += 100) await writeOne(context, null, Math.min(100, EVENTS - i));
  const driver = new EmbeddedDriver({ db: context.db, jobs: [deliverWebhookJob], concurrency: CONCURRENCY, batchSize: BATCH });
  const started = performance.now();
  driver.start();
  await waitForAll(context.db);
  const seconds = (performance.now() - started) / 1000;
  await driver.stop();
  return report(context, "backlog", seconds, {}, false);
}

async function main() {
  configureForTests({ INMO_LOG: process.env.INMO_LOG ?? "silent" });
  const database = await createBenchDatabase();
  const db = createPrismaClient(database.url);
  const certs = createTestCertificates();
  const receiver = await startReceiver(certs);
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_EXTRA_CA_FILE: certs.caFile });

  try {
    const org = await seedOrganization(db, { rateLimitExempt: true, maxWebhookEndpoints: null });
    const secrets: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const created = await createSubscription(db, org.id, DASHBOARD_MANAGER, { targetUrl: receiver.url(`/hook/${i}`), event: "lead.created" });
      if (created.created) secrets.push(created.secret);
    }
    const context: Context = { db, receiver, secrets, source: { organization: { id: org.id, name: org.name, slug: org.slug }, origin: "api" } };
    const setup = {
      events: EVENTS,
      subscriptions: SUBSCRIPTIONS,
      deliveries: TOTAL,
      driverConcurrency: CONCURRENCY,
      driverBatch: BATCH,
      dbPool: config().DATABASE_POOL_SIZE,
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg().map(round),
    };
    const results = [await burst(context), await paced(context), await backlog(context)];
    console.log(JSON.stringify({ setup, results, loadAverageAtEnd: os.loadavg().map(round) }, null, 2));
  } finally {
    closeIdleConnections();
    await receiver.close();
    certs.remove();
    await db.$disconnect();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
