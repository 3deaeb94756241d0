import { afterEach, describe, expect, it } from "vitest";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { pruneWebhookHistoryJob } from "../../server/webhooks/prune-webhook-history-job";
import { sampleEvent } from "./support/sample-events";
import { emit, seedSubscription } from "./support/webhook-fixtures";
import { useWebhookTest } from "./support/webhook-test";
import { configureForTests } from "../../server/config/config";

const t = useWebhookTest();
const DAY = 24 * 3_600_000;

afterEach(() => {
  configureForTests({ WEBHOOK_RETENTION_DAYS: undefined });
});

const driver = () => new EmbeddedDriver({ db: t.db, clock: t.manual.clock, jobs: [deliverWebhookJob, pruneWebhookHistoryJob] });
const eventsOf = () => t.db.webhookEvent.findMany({ where: { organizationId: t.org.id } });

describe("every event is recorded; deliveries only where a subscription wants them", () => {
  it("an event nobody subscribed to is kept for the journal without deliveries; a subscribed one gets its delivery", async () => {
    await emit(t.db, t.org, [sampleEvent("lead.created"), sampleEvent("lead.updated")]);
    expect((await eventsOf()).map((e) => e.type).sort()).toEqual(["lead.created", "lead.updated"]);
    expect(await t.db.webhookDelivery.count({ where: { organizationId: t.org.id } })).toBe(0);

    await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "lead.updated" });
    await emit(t.db, t.org, [sampleEvent("lead.created"), sampleEvent("lead.updated")]);
    expect(await eventsOf()).toHaveLength(4);
    expect(await t.db.webhookDelivery.count({ where: { organizationId: t.org.id } })).toBe(1);
  });
});

describe("retention of the delivery log", () => {
  it("prunes finished deliveries, their attempts and unreferenced events after 30 days; pending ones stay", async () => {
    const ok = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url("/ok"), event: "lead.won" });
    const down = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url("/down"), event: "lead.lost" });
    t.receiver.respondWith((delivery, res) => void res.writeHead(delivery.path === "/ok" ? 200 : 503).end());
    await emit(t.db, t.org, [sampleEvent("lead.won"), sampleEvent("lead.lost")]);
    const engine = driver();
    await engine.runDue();
    expect(await t.db.webhookDeliveryAttempt.count({ where: { delivery: { subscriptionId: ok.id } } })).toBe(1);

    t.manual.advance(29 * DAY);
    expect(await engine.runScheduled()).toEqual(["prune-webhook-history"]);
    expect(await t.db.webhookDelivery.count({ where: { organizationId: t.org.id } })).toBe(2); // not old enough yet

    t.manual.advance(2 * DAY);
    await t.db.jobSchedule.update({ where: { jobId: pruneWebhookHistoryJob.id }, data: { nextRunAt: t.manual.clock() } });
    expect(await engine.runScheduled()).toEqual(["prune-webhook-history"]);
    const left = await t.db.webhookDelivery.findMany({ where: { organizationId: t.org.id } });
    // The failing endpoint's delivery is still pending (its retries continue): kept, with its event.
    expect(left.map((d) => [d.subscriptionId, d.status])).toEqual([[down.id, "pending"]]);
    expect(await t.db.webhookDeliveryAttempt.count({ where: { delivery: { subscriptionId: ok.id } } })).toBe(0);
    expect((await eventsOf()).map((e) => e.type)).toEqual(["lead.lost"]);
  });

  it("honours WEBHOOK_RETENTION_DAYS, and runs once per period across drivers", async () => {
    configureForTests({ WEBHOOK_RETENTION_DAYS: "7" });
    await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event: "unit.created" });
    await emit(t.db, t.org, [sampleEvent("unit.created")]);
    await driver().runDue();
    await t.db.jobSchedule.deleteMany();
    t.manual.advance(8 * DAY);
    const [first, second] = [driver(), driver()];
    const ran = [...(await first.runScheduled()), ...(await second.runScheduled())];
    expect(ran).toEqual(["prune-webhook-history"]);
    expect(await t.db.webhookDelivery.count({ where: { organizationId: t.org.id } })).toBe(0);
    expect(await eventsOf()).toEqual([]);
  });
});
