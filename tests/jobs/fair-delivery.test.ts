import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedDriver, stopEmbeddedDriver } from "../../server/jobs/embedded/process-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { closeIdleConnections } from "../../server/webhooks/http-sender";
import { useApiTest } from "../support/api-test";
import { seedOrganization, type SeededOrganization } from "../support/factories";
import { startReceiver, type TestReceiver } from "../webhooks/support/receiver";
import { sampleEvent } from "../webhooks/support/sample-events";
import { createTestCertificates, type TestCertificates } from "../webhooks/support/tls-fixture";
import { emit, seedSubscription } from "../webhooks/support/webhook-fixtures";
import { configureForTests } from "../../server/config/config";

/**
 * Fairness across tenants: organization A floods the queue with deliveries to
 * endpoints that hang; organization B then writes one lead through the REST
 * door. B's delivery is attempted while every one of A's attempts is still
 * hanging, because A can hold at most its per-organization share of the
 * workers and claims interleave organizations. (In one global order, B would
 * wait behind A's 2,000 deliveries, each holding a worker until it times
 * out.) The test reads the order of events, not a stopwatch: A's attempts
 * time out only after a minute, so "before any of A's attempts ended" is
 * what a fair claim gives and an unfair one cannot, however slow the machine.
 */
const t = useApiTest({ organization: false });
let certs: TestCertificates;
let receiver: TestReceiver;
let flooder: SeededOrganization;
let bystander: SeededOrganization;
const releaseHanging: (() => void)[] = [];
/** How many of A's hanging attempts have ended (the sender gave up or the test released them). */
let endedHangs = 0;
/** `endedHangs` at the moment B's delivery reached the receiver. */
let endedHangsWhenBArrived: number | undefined;

beforeAll(async () => {
  certs = createTestCertificates();
  receiver = await startReceiver(certs);
  configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_EXTRA_CA_FILE: certs.caFile, WEBHOOK_TIMEOUT_MS: 60000 });
  receiver.respondWith((delivery, res) => {
    if (delivery.path.startsWith("/hang")) {
      // Never answers on its own: the attempt ends at the sender's timeout (or when the test releases it).
      res.on("close", () => endedHangs++);
      releaseHanging.push(() => res.destroy());
      return;
    }
    endedHangsWhenBArrived ??= endedHangs;
    res.writeHead(200).end("ok");
  });
  flooder = await seedOrganization(t.db, { rateLimitExempt: true });
  bystander = await seedOrganization(t.db, { rateLimitExempt: true });
});

afterAll(async () => {
  releaseHanging.splice(0).forEach((release) => release());
  await stopEmbeddedDriver();
  closeIdleConnections();
  await receiver.close();
  certs.remove();
});

describe("fair delivery across organizations", () => {
  it("one organization's 2,000 deliveries to hanging endpoints do not keep another's first attempt waiting for them", { timeout: 120_000 }, async () => {
    for (let endpoint = 0; endpoint < 4; endpoint++) {
      await seedSubscription(t.db, flooder, { targetUrl: receiver.url(`/hang/${endpoint}`), event: "lead.updated" });
    }
    // In batches: one transaction of 2,000 rows can outlast Prisma's 5 s transaction limit on a loaded machine.
    for (let batch = 0; batch < 5; batch++) await emit(t.db, flooder, Array.from({ length: 100 }, () => sampleEvent("lead.updated")));
    expect(await t.db.webhookDelivery.count({ where: { organizationId: flooder.id } })).toBe(2_000);
    await seedSubscription(t.db, bystander, { targetUrl: receiver.url("/ok"), event: "lead.created" });

    startEmbeddedDriver({ db: t.db, jobs: [deliverWebhookJob], pollIntervalMs: 250 });
    // Wait until the flood occupies the workers it may take.
    await waitUntil(() => releaseHanging.length >= 16);

    const created = await t.server.api("/leads", { method: "POST", token: bystander.key, json: { firstName: "Ana", email: "ana@example.test" } });
    expect(created.status).toBe(201);
    // A backstop only: a fair claim gets there in well under a second on an idle machine.
    await waitUntil(() => receiver.received.some((r) => r.path === "/ok"), 45_000);
    const firstAttempt = receiver.received.findIndex((r) => r.path === "/ok");

    // B got a worker while all of A's attempts were still hanging: it did not wait for any of them to end.
    expect(endedHangsWhenBArrived).toBe(0);
    // The flooder never held more than its share of the 64 workers.
    const inFlight = receiver.received.slice(0, firstAttempt).filter((r) => r.path.startsWith("/hang")).length;
    expect(inFlight).toBeLessThanOrEqual(deliverWebhookJob.concurrencyPerOrganization);
  });
});

/** Polls until `condition` holds; `timeoutMs` is a backstop against a hang, not a measure of speed. */
async function waitUntil(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
