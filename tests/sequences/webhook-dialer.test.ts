import { describe, expect, it } from "vitest";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import type { Clock } from "../../server/jobs/job-clock";
import { DIALER_RETRY_MS } from "../../server/sequences/dispatch-contact";
import { dispatchSequenceContactJob } from "../../server/sequences/dispatch-sequence-job";
import { planSequenceSlotsJob } from "../../server/sequences/plan-sequence-slots-job";
import { rejection, sessionCaller } from "../dashboard/callers";
import { signatureIsValid } from "../webhooks/support/receiver";
import { useWebhookTest } from "../webhooks/support/webhook-test";
import { bulkInsertLeads, THROTTLE } from "./helpers";
import { configureForTests } from "../../server/config/config";

/** The webhook dialer (extension): signed POSTs of each contact to an https endpoint, retried, then failed. */
const t = useWebhookTest();
const ALWAYS_OPEN = { ...THROTTLE, weekdays: [1, 2, 3, 4, 5, 6, 7], businessHoursStart: "00:00", businessHoursEnd: "23:59", timezone: "UTC" };

function clockAt(iso: string) {
  let now = Date.parse(iso);
  const clock: Clock = () => new Date(now);
  return { clock, advance: (ms: number) => (now += ms) };
}

describe("webhook dialer", () => {
  it("signs each contact with the secret shown once, marks it sent on a 2xx, and never shows the secret again", async () => {
    await bulkInsertLeads(t.db, t.org.id, 3);
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const created = await owner.sequences.create({ name: "Dialer", criteria: {}, throttle: ALWAYS_OPEN, channelConfig: { dialer: "webhook", webhookUrl: t.receiver.url("/dial") } });
    expect(created.webhookSecret).toMatch(/^whsec_/);
    const read = await owner.sequences.get({ sequenceId: created.id });
    expect(read.channelConfig).toEqual({ dialer: "webhook", webhookUrl: t.receiver.url("/dial") });
    expect(JSON.stringify(read)).not.toContain(created.webhookSecret!);
    await owner.sequences.launch({ sequenceId: created.id });

    const c = clockAt("2026-12-02T15:00:00.000Z");
    const driver = new EmbeddedDriver({ db: t.db, clock: c.clock, jobs: [planSequenceSlotsJob, dispatchSequenceContactJob] });
    for (let i = 0; i < 4; i++) {
      await driver.runOnce();
      c.advance(1000);
    }
    expect(t.receiver.received).toHaveLength(3);
    for (const delivery of t.receiver.received) {
      expect(delivery.path).toBe("/dial");
      expect(signatureIsValid(delivery.rawBody, delivery.headers["x-service-signature"], created.webhookSecret!)).toBe(true);
      const body = JSON.parse(delivery.rawBody.toString());
      expect(body).toMatchObject({ sequence: { id: created.id, name: "Dialer" }, lead: { phone: expect.any(String) } });
      expect(delivery.headers["idempotency-key"]).toBe(body.contactId);
    }
    expect((await owner.sequences.get({ sequenceId: created.id })).progress).toMatchObject({ sent: 3, failed: 0 });
  });

  it("retries a failing dialer with backoff and records failed after 5 attempts", async () => {
    await bulkInsertLeads(t.db, t.org.id, 1);
    t.receiver.respondWith((_d, res) => void res.writeHead(503).end());
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const { id } = await owner.sequences.create({ name: "Down", criteria: {}, throttle: ALWAYS_OPEN, channelConfig: { dialer: "webhook", webhookUrl: t.receiver.url() } });
    await owner.sequences.launch({ sequenceId: id });
    const c = clockAt("2026-12-02T15:00:00.000Z");
    const driver = new EmbeddedDriver({ db: t.db, clock: c.clock, jobs: [planSequenceSlotsJob, dispatchSequenceContactJob] });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await driver.runOnce();
      expect(t.receiver.received).toHaveLength(attempt);
      c.advance(DIALER_RETRY_MS * attempt + 1000);
    }
    await driver.runOnce();
    expect(t.receiver.received).toHaveLength(5);
    const contact = await t.db.sequenceContact.findFirstOrThrow({ where: { sequenceId: id } });
    expect(contact).toMatchObject({ status: "failed", lastError: "HTTP 503", attempts: 5 });
  });

  it("a dispatch handed back at shutdown is free at once and not counted as an attempt", async () => {
    await bulkInsertLeads(t.db, t.org.id, 1);
    const hanging: import("node:http").ServerResponse[] = [];
    t.receiver.respondWith((_d, res) => void hanging.push(res));
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const { id } = await owner.sequences.create({ name: "Slow", criteria: {}, throttle: ALWAYS_OPEN, channelConfig: { dialer: "webhook", webhookUrl: t.receiver.url() } });
    await owner.sequences.launch({ sequenceId: id });
    const c = clockAt("2026-12-02T15:00:00.000Z");
    const leaving = new EmbeddedDriver({ db: t.db, clock: c.clock, jobs: [planSequenceSlotsJob, dispatchSequenceContactJob], leaseMs: 120_000, pollIntervalMs: 50 });
    leaving.start();
    await t.receiver.waitFor(1);
    expect(await leaving.stop({ timeoutMs: 200 })).toEqual({ handedBack: 1 });
    expect(await t.db.sequenceContact.findFirstOrThrow({ where: { sequenceId: id } })).toMatchObject({ status: "in_progress", attempts: 0, lockedUntil: null });

    t.receiver.respondWith((_d, res) => void res.writeHead(200).end());
    await new EmbeddedDriver({ db: t.db, clock: c.clock, jobs: [planSequenceSlotsJob, dispatchSequenceContactJob] }).runOnce();
    expect(await t.db.sequenceContact.findFirstOrThrow({ where: { sequenceId: id } })).toMatchObject({ status: "sent", attempts: 1 });
    expect(t.receiver.received.map((call) => JSON.parse(call.rawBody.toString()).attempt)).toEqual([1, 1]);
    hanging.forEach((res) => res.destroy());
  });

  it("refuses a non-https or private webhookUrl (same guard as webhook subscriptions)", async () => {
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const create = (webhookUrl: string) => owner.sequences.create({ name: "X", criteria: {}, throttle: ALWAYS_OPEN, channelConfig: { dialer: "webhook", webhookUrl } });
    expect((await rejection(create("http://example.com/dial"))).code).toBe("VALIDATION_ERROR");
    configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" });
    try {
      expect((await rejection(create("https://127.0.0.1/dial"))).code).toBe("VALIDATION_ERROR");
    } finally {
      configureForTests({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
    }
  });
});
