/**
 * Webhook fan-out benchmark (not a test): 1,000 events, each to 10
 * subscriptions (10,000 signed HTTPS deliveries), through the embedded driver
 * to a local HTTPS receiver. Reports deliveries per second and the time from
 * the write (event recorded) to the first delivery attempt.
 *
 *   npx tsx bench/webhooks.ts
 *
 * Settings: BENCH_DATABASE_URL (else a scratch embedded PostgreSQL),
 * BENCH_EVENTS (1000), BENCH_SUBSCRIPTIONS (10), BENCH_WRITERS (8 concurrent
 * writers), WEBHOOK_DRIVER_CONCURRENCY / WEBHOOK_DRIVER_BATCH (driver tuning).
 */
import { performance } from "node:perf_hooks";
import { createPrismaClient } from "../server/db/client";
import { recordEvents } from "../server/events/record-events";
import { createSubscription } from "../server/webhooks/create-subscription";
import { closeIdleConnections } from "../server/webhooks/http-sender";
import { DASHBOARD_MANAGER } from "../server/webhooks/subscription-manager";
import { EmbeddedWebhookDriver, EMBEDDED_DEFAULTS } from "../inngest/embedded/driver";
import { seedOrganization } from "../tests/support/factories";
import { signatureIsValid, startReceiver } from "../tests/webhooks/support/receiver";
import { sampleEvent } from "../tests/webhooks/support/sample-events";
import { createTestCertificates } from "../tests/webhooks/support/tls-fixture";
import { startBenchDatabase } from "./support/bench-database";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const CONCURRENCY = Number(process.env.WEBHOOK_DRIVER_CONCURRENCY ?? EMBEDDED_DEFAULTS.concurrency);
const BATCH = Number(process.env.WEBHOOK_DRIVER_BATCH ?? EMBEDDED_DEFAULTS.batchSize);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  process.env.INMO_LOG ??= "silent";
  const database = await startBenchDatabase();
  const db = createPrismaClient(database.url);
  const certs = createTestCertificates();
  const receiver = await startReceiver(certs);
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";
  process.env.WEBHOOK_EXTRA_CA_FILE = certs.caFile;

  try {
    const org = await seedOrganization(db, { rateLimitExempt: true, maxWebhookEndpoints: null });
    const secrets: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const created = await createSubscription(db, org.id, DASHBOARD_MANAGER, { targetUrl: receiver.url(`/hook/${i}`), event: "lead.created" });
      if (created.created) secrets.push(created.secret);
    }
    const source = { organization: { id: org.id, name: org.name, slug: org.slug }, origin: "api" as const };
    const total = EVENTS * SUBSCRIPTIONS;
    const driver = new EmbeddedWebhookDriver({ db, concurrency: CONCURRENCY, batchSize: BATCH });

    const waitForAll = async () => {
      for (;;) {
        const done = await db.webhookDelivery.count({ where: { status: { not: "pending" } } });
        if (done >= total) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // Live: writers commit events while the driver runs, nudged after each commit as writers do.
    driver.start();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < EVENTS) {
          next++;
          await db.$transaction((tx) => recordEvents(tx, source, [sampleEvent("lead.created")]));
          driver.nudge();
        }
      }),
    );
    const written = performance.now();
    await waitForAll();
    const finished = performance.now();
    await driver.stop();

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
    const failed = await db.webhookDelivery.count({ where: { status: "failed" } });
    const attempts = await db.webhookDeliveryAttempt.count();
    const unique = new Set(receiver.received.map((r) => r.headers["x-service-delivery"]));
    const received = receiver.received.length;
    const connections = receiver.connections();
    const sample = receiver.received[0];
    const signed = sample ? secrets.some((secret) => signatureIsValid(sample.rawBody, sample.headers["x-service-signature"], secret)) : false;

    // Backlog: the same volume written while no driver runs, then drained (pure delivery throughput).
    await db.webhookDelivery.deleteMany();
    for (let i = 0; i < EVENTS; i += 100) {
      await db.$transaction((tx) => recordEvents(tx, source, Array.from({ length: Math.min(100, EVENTS - i) }, () => sampleEvent("lead.created"))));
    }
    const backlogDriver = new EmbeddedWebhookDriver({ db, concurrency: CONCURRENCY, batchSize: BATCH });
    const drainStart = performance.now();
    backlogDriver.start();
    await waitForAll();
    const drained = performance.now();
    await backlogDriver.stop();

    const round = (n: number) => Math.round(n * 10) / 10;
    console.log(
      JSON.stringify(
        {
          setup: { events: EVENTS, subscriptions: SUBSCRIPTIONS, deliveries: total, writers: WRITERS, driverConcurrency: CONCURRENCY, driverBatch: BATCH, dbPool: Number(process.env.DATABASE_POOL_SIZE ?? 10) },
          live: {
            writeSeconds: round((written - started) / 1000),
            totalSeconds: round((finished - started) / 1000),
            deliveriesPerSecond: Math.round(total / ((finished - started) / 1000)),
            writeToFirstAttemptMs: { p50: round(percentile(latencies, 50)), p90: round(percentile(latencies, 90)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? 0) },
            failed,
            attempts,
            uniqueDeliveriesReceived: unique.size,
            duplicatesReceived: received - unique.size,
            tlsConnections: connections,
            signatureVerified: signed,
          },
          backlog: { drainSeconds: round((drained - drainStart) / 1000), deliveriesPerSecond: Math.round(total / ((drained - drainStart) / 1000)) },
        },
        null,
        2,
      ),
    );
  } finally {
    closeIdleConnections();
    await receiver.close();
    certs.remove();
    await db.$disconnect();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
