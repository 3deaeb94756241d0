import { InngestTestEngine } from "@inngest/test";
import { beforeEach, describe, expect, it } from "vitest";
import { INNGEST_POLICY } from "../../server/jobs/driver-policy";
import type { JobRuntime } from "../../server/jobs/job-runtime";
import { INNGEST_HANDOFF_LEASE_MS as HANDOFF_LEASE_MS } from "../../server/jobs/lease";
import { attemptStepId, DELIVER_WEBHOOK_JOB_ID, waitStepId } from "../../server/webhooks/deliver-webhook-job";
import { delayBeforeAttempt, RETRY_DELAYS_MS } from "../../server/webhooks/schedule";
import { dueEvent } from "../../inngest/client";
import { createJobRunFunction, createJobSweepFunction } from "../../inngest/functions/job-functions";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { deliverWebhookJob } from "../../server/webhooks/deliver-webhook-job";
import { acknowledge } from "./support/receiver";
import { sampleEvent } from "./support/sample-events";
import { emit, seedSubscription } from "./support/webhook-fixtures";
import { useWebhookTest } from "./support/webhook-test";

/**
 * The Inngest functions executed by @inngest/test: step bodies run for real
 * against the test database and a local HTTPS receiver; each `step.sleep` is
 * mocked by its step id (and moves the test clock by the slept time).
 */

const t = useWebhookTest();
const WEBHOOK_DELIVERY_DUE = dueEvent(DELIVER_WEBHOOK_JOB_ID);
let runtime: JobRuntime;

beforeEach(() => {
  runtime = { db: t.db, clock: t.manual.clock, policy: INNGEST_POLICY };
});

async function pendingDelivery(event: Parameters<typeof sampleEvent>[0]) {
  const subscription = await seedSubscription(t.db, t.org, { targetUrl: t.receiver.url(), event });
  await emit(t.db, t.org, [sampleEvent(event)]);
  return t.db.webhookDelivery.findFirstOrThrow({ where: { subscriptionId: subscription.id } });
}

/** Sleep mocks for every wait of the schedule; each checks the delivery is held for its run, then advances the clock. */
function sleepMocks(deliveryId: string, holds: { lockedUntil: Date | null; nextAttemptAt: Date | null }[]) {
  return RETRY_DELAYS_MS.slice(1).map((_, index) => {
    const attempt = index + 2;
    return {
      id: waitStepId(attempt),
      async handler() {
        const row = await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
        holds.push({ lockedUntil: row.lockedUntil, nextAttemptAt: row.nextAttemptAt });
        t.manual.advance(delayBeforeAttempt(attempt));
      },
    };
  });
}

const status = (code: number) => (_d: unknown, res: import("node:http").ServerResponse) => void res.writeHead(code).end();

describe("deliver-webhook (Inngest)", () => {
  it("attempts, sleeps on the schedule by stable step ids, and succeeds on the third attempt", async () => {
    const delivery = await pendingDelivery("lead.created");
    let calls = 0;
    t.receiver.respondWith((d, res) => void res.writeHead(++calls < 3 ? 500 : 200).end());
    const holds: { lockedUntil: Date | null; nextAttemptAt: Date | null }[] = [];
    const engine = new InngestTestEngine({ function: createJobRunFunction(deliverWebhookJob, async () => runtime) });

    const { result, ctx } = await engine.execute({
      events: [{ name: WEBHOOK_DELIVERY_DUE, data: { deliveryId: delivery.id, organizationId: t.org.id, attempt: 1 } }],
      steps: sleepMocks(delivery.id, holds),
    });

    expect(result).toMatchObject({ state: "succeeded", attempt: 3, statusCode: 200 });
    expect(ctx.step.run).toHaveBeenCalledWith(attemptStepId(1), expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith(attemptStepId(3), expect.any(Function));
    expect(ctx.step.sleep.mock.calls.map((call) => [call[0], call[1]])).toEqual([
      ["wait-attempt-2", 60_000],
      ["wait-attempt-3", 300_000],
    ]);
    // While its run sleeps, the delivery stays reserved for it, past the time the next attempt is due.
    for (const hold of holds) expect(hold.lockedUntil!.getTime() - hold.nextAttemptAt!.getTime()).toBe(HANDOFF_LEASE_MS);

    const row = await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attempts: { orderBy: { number: "asc" } } } });
    expect(row).toMatchObject({ status: "succeeded", attemptCount: 3, lockedUntil: null, nextAttemptAt: null });
    expect(row.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(new Set(t.receiver.received.map((r) => r.headers["x-service-delivery"]))).toEqual(new Set([delivery.id]));
  });

  it("gives up after the sixth failed attempt and marks the delivery failed", async () => {
    const delivery = await pendingDelivery("project.deleted");
    t.receiver.respondWith(status(503));
    const engine = new InngestTestEngine({ function: createJobRunFunction(deliverWebhookJob, async () => runtime) });

    const { result, ctx } = await engine.execute({
      events: [{ name: WEBHOOK_DELIVERY_DUE, data: { deliveryId: delivery.id, organizationId: t.org.id, attempt: 1 } }],
      steps: sleepMocks(delivery.id, []),
    });

    expect(result).toMatchObject({ state: "failed", attempt: 6, statusCode: 503 });
    expect(ctx.step.sleep.mock.calls.map((call) => [call[0], call[1]])).toEqual(
      [2, 3, 4, 5, 6].map((n) => [waitStepId(n), RETRY_DELAYS_MS[n - 1]]),
    );
    const row = await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attempts: true } });
    expect(row).toMatchObject({ status: "failed", attemptCount: 6, nextAttemptAt: null, lockedUntil: null });
    expect(row.attempts).toHaveLength(6);
    expect(t.receiver.received).toHaveLength(6);
  });

  it("resumes mid-schedule from the row, after the embedded driver made the first attempts", async () => {
    const delivery = await pendingDelivery("unit.created");
    t.receiver.respondWith(status(500));
    const embedded = new EmbeddedDriver({ jobs: [deliverWebhookJob],  db: t.db, clock: t.manual.clock });
    await embedded.runDue();
    t.manual.advance(60_000);
    await embedded.runDue();
    t.receiver.respondWith(acknowledge);
    t.manual.advance(5 * 60_000);

    const engine = new InngestTestEngine({ function: createJobRunFunction(deliverWebhookJob, async () => runtime) });
    const { result, ctx } = await engine.execute({
      events: [{ name: WEBHOOK_DELIVERY_DUE, data: { deliveryId: delivery.id, organizationId: t.org.id, attempt: 3 } }],
      steps: sleepMocks(delivery.id, []),
    });
    expect(result).toMatchObject({ state: "succeeded", attempt: 3 });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    expect(t.receiver.received.map((r) => r.headers["x-service-delivery"])).toEqual([delivery.id, delivery.id, delivery.id]);
  });

  it("a stale or repeated run sends nothing: its attempt is superseded", async () => {
    const delivery = await pendingDelivery("lead.lost");
    const run = () =>
      new InngestTestEngine({ function: createJobRunFunction(deliverWebhookJob, async () => runtime) }).execute({
        events: [{ name: WEBHOOK_DELIVERY_DUE, data: { deliveryId: delivery.id, organizationId: t.org.id, attempt: 1 } }],
        steps: sleepMocks(delivery.id, []),
      });
    expect((await run()).result).toMatchObject({ state: "succeeded" });
    // The same event delivered twice (or a run that lost its lease) finds the attempt already recorded.
    expect((await run()).result).toMatchObject({ state: "skipped", reason: "not-pending" });
    expect(t.receiver.received).toHaveLength(1);
    expect(await t.db.webhookDeliveryAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);
  });
});

describe("sweep-webhook-deliveries (Inngest)", () => {
  it("hands over a retry due within the look-ahead; its run sleeps until the retry is due, then attempts", async () => {
    const delivery = await pendingDelivery("lead.assigned");
    t.receiver.respondWith(status(500));
    await new EmbeddedDriver({ jobs: [deliverWebhookJob], db: t.db, clock: t.manual.clock }).runDue(); // attempt 1 fails
    const failed = await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(failed).toMatchObject({ attemptCount: 1, lockedUntil: null }); // the embedded driver released it for whoever claims it when due
    t.receiver.respondWith(acknowledge);

    const sweep = await new InngestTestEngine({ function: createJobSweepFunction(deliverWebhookJob, async () => runtime) }).execute({
      steps: [{ id: "dispatch-1", handler: () => ({ ids: [] }) }],
    });
    expect(sweep.result).toEqual({ dispatched: 1 });
    const [[, events]] = sweep.ctx.step.sendEvent.mock.calls as unknown as [[string, { data: Record<string, unknown> }[]]];
    expect(events[0]!.data).toEqual({ deliveryId: delivery.id, organizationId: t.org.id, attempt: 2, waitUntil: failed.nextAttemptAt!.toISOString() });
    // Handed over early, held until the attempt is due plus the hand-over lease.
    const held = await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(held.lockedUntil!.getTime() - failed.nextAttemptAt!.getTime()).toBe(HANDOFF_LEASE_MS);

    let receivedWhenWoken = -1;
    const { result, ctx } = await new InngestTestEngine({ function: createJobRunFunction(deliverWebhookJob, async () => runtime) }).execute({
      events: [{ name: WEBHOOK_DELIVERY_DUE, data: events[0]!.data }],
      steps: [{ id: waitStepId(2), handler: () => { receivedWhenWoken = t.receiver.received.length; t.manual.advance(60_000); } }],
    });
    expect(result).toMatchObject({ state: "succeeded", attempt: 2 });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith(waitStepId(2), failed.nextAttemptAt!.toISOString());
    expect(receivedWhenWoken).toBe(1); // nothing was sent while it waited
    expect(t.receiver.received).toHaveLength(2);
  });


  it("claims due deliveries with a lease and hands each to a deliver-webhook run", async () => {
    const first = await pendingDelivery("lead.note_added");
    const second = await pendingDelivery("lead.communication_logged");
    const engine = new InngestTestEngine({ function: createJobSweepFunction(deliverWebhookJob, async () => runtime) });
    const dispatch = { id: "dispatch-1", handler: () => ({ ids: ["a", "b"] }) };

    const { result, ctx } = await engine.execute({ steps: [dispatch] });
    expect(result).toEqual({ dispatched: 2 });
    const [[stepId, events]] = ctx.step.sendEvent.mock.calls as unknown as [[string, { name: string; id: string; data: unknown }[]]];
    expect(stepId).toBe("dispatch-1");
    expect(events.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { deliveryId: first.id, organizationId: t.org.id, attempt: 1 },
        { deliveryId: second.id, organizationId: t.org.id, attempt: 1 },
      ]),
    );
    expect(events.every((e) => e.name === WEBHOOK_DELIVERY_DUE && e.id.startsWith(`${(e.data as { deliveryId: string }).deliveryId}-1-`))).toBe(true);

    const leased = await t.db.webhookDelivery.findMany({ where: { id: { in: [first.id, second.id] } } });
    for (const row of leased) expect(row.lockedUntil!.getTime() - t.manual.clock().getTime()).toBeGreaterThan(HANDOFF_LEASE_MS - 5_000);

    // Claimed rows are not handed out twice while the lease holds.
    const again = await new InngestTestEngine({ function: createJobSweepFunction(deliverWebhookJob, async () => runtime) }).execute({ steps: [dispatch] });
    expect(again.result).toEqual({ dispatched: 0 });
    expect(t.receiver.received).toHaveLength(0); // the sweeper only dispatches; deliver-webhook sends
  });
});
