import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dueEvent } from "../../inngest/client";
import { createJobRunFunction, createJobSweepFunction } from "../../inngest/functions/job-functions";
import type { Principal } from "../../server/auth/principal";
import { runInTransaction } from "../../server/db/run-in-transaction";
import { cancelDeferredJobs, defineDeferredJob, RUN_DEFERRED_JOB_ID, scheduleDeferredJob } from "../../server/jobs/deferred/deferred-job";
import { deferredAttemptStepId, deferredJobRunner, deferredWaitStepId } from "../../server/jobs/deferred/run-deferred-job";
import { INNGEST_POLICY } from "../../server/jobs/driver-policy";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import type { JobRuntime } from "../../server/jobs/job-runtime";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { createManualClock } from "../webhooks/support/manual-clock";

/**
 * Fire-once work of any kind in one table: a kind is a name, a payload
 * schema and a body; it is scheduled in the writer's transaction, runs once
 * when due (as the organization's system principal), is retried on failure,
 * can be cancelled, and runs the same under both drivers.
 */
const t = useApiTest({ server: false });

const ran: { payload: { leadId: string; note: string }; principal: Principal; attempt: number }[] = [];
let failuresLeft = 0;
const remindLater = defineDeferredJob({
  kind: "test.remind-later",
  payload: z.object({ leadId: z.string().min(1), note: z.string() }),
  retryDelaysMs: [60_000],
  async run(ctx, work) {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error("the provider is down");
    }
    ran.push({ payload: work.payload, principal: ctx.principal, attempt: work.attempt });
  },
});
const runner = deferredJobRunner([remindLater]);

function setup() {
  ran.length = 0;
  failuresLeft = 0;
  const manual = createManualClock();
  return { manual, driver: new EmbeddedDriver({ db: t.db, clock: manual.clock, jobs: [runner] }) };
}

const schedule = (organizationId: string, runAt: Date | { afterMs: number }, key = "lead_1", note = "call back") =>
  runInTransaction(t.db, (tx) => scheduleDeferredJob(tx, remindLater, { organizationId, payload: { leadId: key, note }, runAt, key }));

const rowOf = (id: string) => t.db.deferredJob.findUniqueOrThrow({ where: { id } });

describe("deferred jobs", () => {
  it("run once when due, with their typed payload, as the organization's system principal", async () => {
    const { manual, driver } = setup();
    const id = await schedule(t.org.id, { afterMs: 3_600_000 });
    expect(await driver.runDue()).toBe(0); // not due for an hour
    manual.advance(3_600_000);
    expect(await driver.runDue()).toBe(1);
    expect(await driver.runDue()).toBe(0);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.payload).toEqual({ leadId: "lead_1", note: "call back" });
    expect(ran[0]!.principal).toMatchObject({ kind: "system", source: "system", organizationId: t.org.id });
    expect(await rowOf(id)).toMatchObject({ status: "done", attemptCount: 1, lastError: null, lockedUntil: null });
  });

  it("are written with the change that asks for them: a bad payload fails the write, a rolled-back write leaves nothing", async () => {
    const before = await t.db.deferredJob.count();
    await expect(schedule(t.org.id, new Date(), "")).rejects.toThrow(z.ZodError);
    await expect(
      runInTransaction(t.db, async (tx) => {
        await scheduleDeferredJob(tx, remindLater, { organizationId: t.org.id, payload: { leadId: "lead_2", note: "x" }, runAt: new Date() });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await t.db.deferredJob.count()).toBe(before);
  });

  it("retry a failed attempt after the kind's delay, then record the last failure", async () => {
    const { manual, driver } = setup();
    failuresLeft = 1;
    const retried = await schedule(t.org.id, new Date(Date.now() - 1));
    await driver.runDue();
    expect(await rowOf(retried)).toMatchObject({ status: "pending", attemptCount: 1, lastError: "the provider is down" });
    expect(await driver.runDue()).toBe(0); // waits its minute
    manual.advance(60_000);
    await driver.runDue();
    expect(await rowOf(retried)).toMatchObject({ status: "done", attemptCount: 2 });
    expect(ran.map((r) => r.attempt)).toEqual([2]);

    failuresLeft = 2;
    const failed = await schedule(t.org.id, manual.clock(), "lead_3");
    await driver.runDue();
    manual.advance(60_000);
    await driver.runDue();
    expect(await rowOf(failed)).toMatchObject({ status: "failed", attemptCount: 2, lastError: "the provider is down" });
    expect(await rowOf(failed).then((row) => row.completedAt)).not.toBeNull();
  });

  it("can be cancelled by key before they run; a kind no longer registered is recorded as failed", async () => {
    const { manual, driver } = setup();
    const cancelled = await schedule(t.org.id, { afterMs: 60_000 }, "lead_4");
    const other = await schedule(t.org.id, { afterMs: 60_000 }, "lead_5");
    expect(await runInTransaction(t.db, (tx) => cancelDeferredJobs(tx, remindLater, { organizationId: t.org.id, key: "lead_4" }))).toBe(1);
    const orphan = await runInTransaction(t.db, (tx) =>
      scheduleDeferredJob(tx, { ...remindLater, kind: "test.retired-kind" }, { organizationId: t.org.id, payload: { leadId: "x", note: "" }, runAt: new Date() }),
    );
    manual.advance(60_000);
    await driver.runDue();
    expect(ran.map((r) => r.payload.leadId)).toEqual(["lead_5"]);
    expect(await rowOf(cancelled)).toMatchObject({ status: "cancelled", attemptCount: 0 });
    expect(await rowOf(other)).toMatchObject({ status: "done" });
    expect(await rowOf(orphan)).toMatchObject({ status: "failed", lastError: 'no deferred job kind "test.retired-kind" is registered' });
  });

  it("take turns across organizations like every row-claimed job", async () => {
    setup();
    const busy = await seedOrganization(t.db, { rateLimitExempt: true });
    const quiet = await seedOrganization(t.db, { rateLimitExempt: true });
    for (let i = 0; i < 30; i++) await schedule(busy.id, new Date(Date.now() - 60_000), `busy_${i}`);
    await schedule(quiet.id, new Date(), "quiet_1");
    const runtime: JobRuntime = { db: t.db, clock: () => new Date(), policy: { lookAheadMs: 0, holdAfterFailureMs: null } };
    const claims = await runner.claimDue(runtime, { limit: 10, leaseMs: 60_000, perOrganization: runner.concurrencyPerOrganization });
    expect(claims.filter((claim) => claim.organizationId === busy.id)).toHaveLength(runner.concurrencyPerOrganization);
    expect(claims.filter((claim) => claim.organizationId === quiet.id)).toHaveLength(1);
    await t.db.deferredJob.deleteMany({ where: { organizationId: { in: [busy.id, quiet.id] } } });
  });

  it("under Inngest, are handed over ahead of time and their run sleeps until due", async () => {
    const { manual } = setup();
    const id = await schedule(t.org.id, { afterMs: 30_000 }, "lead_6", "in thirty seconds");
    const runtime: JobRuntime = { db: t.db, clock: manual.clock, policy: INNGEST_POLICY };
    const sweep = await new InngestTestEngine({ function: createJobSweepFunction(runner, async () => runtime) }).execute({
      steps: [{ id: "dispatch-1", handler: () => ({ ids: [] }) }],
    });
    expect(sweep.result).toEqual({ dispatched: 1 });
    const [[, events]] = sweep.ctx.step.sendEvent.mock.calls as unknown as [[string, { name: string; data: Record<string, unknown> }[]]];
    const [event] = events;
    expect(event).toMatchObject({ name: dueEvent(RUN_DEFERRED_JOB_ID), data: { jobId: id, organizationId: t.org.id, attempt: 1, waitUntil: expect.any(String) } });

    const { result, ctx } = await new InngestTestEngine({ function: createJobRunFunction(runner, async () => runtime) }).execute({
      events: [{ name: dueEvent(RUN_DEFERRED_JOB_ID), data: event!.data }],
      steps: [{ id: deferredWaitStepId(1), handler: () => void manual.advance(30_000) }],
    });
    expect(result).toMatchObject({ state: "done", attempt: 1 });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith(deferredWaitStepId(1), event!.data.waitUntil);
    expect(ctx.step.run).toHaveBeenCalledWith(deferredAttemptStepId(1), expect.any(Function));
    expect(ran.map((r) => r.payload.note)).toEqual(["in thirty seconds"]);
  });
});
