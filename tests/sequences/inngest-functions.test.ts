import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { dueEvent, nudgeEvent } from "../../inngest/client";
import { createJobFunctions, createJobRunFunction, createJobSweepFunction, createScheduledJobFunction } from "../../inngest/functions/job-functions";
import { INNGEST_POLICY } from "../../server/jobs/driver-policy";
import type { Clock } from "../../server/jobs/job-clock";
import type { JobRuntime } from "../../server/jobs/job-runtime";
import { DISPATCH_STEP_ID, dispatchSequenceContactJob, SLOT_STEP_ID } from "../../server/sequences/dispatch-sequence-job";
import { planSequenceSlotsJob } from "../../server/sequences/plan-sequence-slots-job";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { bulkInsertLeads, sequencesApi, THROTTLE } from "./helpers";

/**
 * The sequence jobs as Inngest functions under @inngest/test: the planner is
 * a scheduled function (cron, and at once when a launch queues it), the
 * sweeper hands over slots up to the look-ahead of the Inngest policy, each
 * run sleeps until its slot (mocked by step id, moving the clock) and
 * dispatches.
 */
const t = useApiTest();
const DUE = dueEvent(dispatchSequenceContactJob.id);

function fixedClock(iso: string) {
  let now = Date.parse(iso);
  const clock: Clock = () => new Date(now);
  return { clock, set: (ms: number) => (now = ms) };
}

type SentEvent = { name: string; id: string; data: Record<string, unknown> & { dispatchAt: string; waitUntil?: string } };

async function launchedSequence(leads: number) {
  const org = await seedOrganization(t.db, { rateLimitExempt: true });
  const api = sequencesApi(t, () => org.key);
  await bulkInsertLeads(t.db, org.id, leads);
  const id = await api.createSequence({ throttle: { ...THROTTLE, maxPerMinute: 6 } });
  expect((await api.launch(id)).status).toBe(200);
  return { org, api, id };
}

describe("the sequence jobs' Inngest functions", () => {
  it("are built from the job definitions: the planner runs on its cron and when a launch queues it; dispatch has a run and a sweeper", () => {
    const runtime = async (): Promise<JobRuntime> => ({ db: t.db, clock: () => new Date(), policy: INNGEST_POLICY });
    const [planner, ...none] = createJobFunctions(planSequenceSlotsJob, runtime);
    expect(none).toEqual([]);
    expect(planner!.opts.triggers).toEqual([{ cron: "* * * * *" }, { event: nudgeEvent(planSequenceSlotsJob.id) }]);
    const [run, sweep] = createJobFunctions(dispatchSequenceContactJob, runtime);
    expect(run!.opts.triggers).toEqual([{ event: DUE }]);
    expect(run!.opts.concurrency).toEqual([{ key: "event.data.organizationId", limit: dispatchSequenceContactJob.concurrencyPerOrganization }]);
    expect(sweep!.opts.triggers).toEqual([{ cron: "* * * * *" }, { event: nudgeEvent(dispatchSequenceContactJob.id) }]);
  });

  it("plans, hands over 90 s of slots; each run sleeps until its slot, then dispatches; a pause turns later wake-ups into no-ops", async () => {
    const { api, id } = await launchedSequence(10);
    const c = fixedClock("2026-12-02T15:00:00.000Z"); // Wednesday 10:00 New York
    const runtime: JobRuntime = { db: t.db, clock: c.clock, policy: INNGEST_POLICY };

    // The planner gives the 2-minute plan: 6 per minute, 10 slots 10 s apart.
    const plan = await new InngestTestEngine({ function: createScheduledJobFunction(planSequenceSlotsJob, async () => runtime) }).execute();
    expect(plan.result).toEqual({ planned: 10 });
    expect(plan.ctx.step.run).toHaveBeenCalledWith("plan", expect.any(Function));

    // The sweeper hands over those up to the 90 s look-ahead, one event per contact.
    const sweep = await new InngestTestEngine({ function: createJobSweepFunction(dispatchSequenceContactJob, async () => runtime) }).execute({
      steps: [{ id: "dispatch-1", handler: () => ({ ids: [] }) }],
    });
    expect(sweep.result).toEqual({ dispatched: 10 });
    const [[, events]] = sweep.ctx.step.sendEvent.mock.calls as unknown as [[string, SentEvent[]]];
    const handedOver = [...events].sort((a, b) => a.data.dispatchAt.localeCompare(b.data.dispatchAt));
    expect(handedOver.map((e) => (Date.parse(e.data.dispatchAt) - Date.parse("2026-12-02T15:00:00.000Z")) / 1000)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    // Only the first is due now; the others carry the instant their run waits for.
    expect(handedOver.map((e) => e.data.waitUntil ?? null)).toEqual([null, ...handedOver.slice(1).map((e) => e.data.dispatchAt)]);
    expect(new Set(events.map((e) => e.id)).size).toBe(10);
    // A second sweep hands over nothing twice.
    const again = await new InngestTestEngine({ function: createJobSweepFunction(dispatchSequenceContactJob, async () => runtime) }).execute({
      steps: [{ id: "dispatch-1", handler: () => ({ ids: [] }) }],
    });
    expect(again.result).toEqual({ dispatched: 0 });

    const engineFor = () => new InngestTestEngine({ function: createJobRunFunction(dispatchSequenceContactJob, async () => runtime) });
    const slept: string[] = [];
    for (const event of handedOver.slice(0, 3)) {
      const { result, ctx } = await engineFor().execute({
        events: [{ name: DUE, data: event.data }],
        steps: [{ id: SLOT_STEP_ID, handler: () => { slept.push(event.data.dispatchAt); c.set(Date.parse(event.data.dispatchAt)); } }],
      });
      expect(result).toMatchObject({ state: "sent" });
      expect(ctx.step.run).toHaveBeenCalledWith(DISPATCH_STEP_ID, expect.any(Function));
    }
    // The first slot was due at once (no sleep); the next two slept until their slot.
    expect(slept).toEqual(handedOver.slice(1, 3).map((event) => event.data.dispatchAt));

    expect((await api.pause(id)).status).toBe(200);
    const late = handedOver[5]!;
    const { result } = await engineFor().execute({
      events: [{ name: DUE, data: late.data }],
      steps: [{ id: SLOT_STEP_ID, handler: () => void c.set(Date.parse(late.data.dispatchAt)) }],
    });
    expect(result).toMatchObject({ state: "noop" });
    const progress = (await (await api.get(id)).json()).progress;
    expect(progress).toMatchObject({ sent: 3, pending: 7, inProgress: 0 });
  });

  it("a run whose hand-over was superseded (its lease ended and the sweeper handed the contact over again) does nothing", async () => {
    await launchedSequence(1);
    const c = fixedClock("2026-12-02T15:00:00.000Z");
    const runtime: JobRuntime = { db: t.db, clock: c.clock, policy: INNGEST_POLICY };
    await new InngestTestEngine({ function: createScheduledJobFunction(planSequenceSlotsJob, async () => runtime) }).execute();
    const options = { limit: 10, leaseMs: 60_000, perOrganization: 10 };
    const [stale] = await dispatchSequenceContactJob.claimDue(runtime, options);
    c.set(stale!.lease.until.getTime() + 1000);
    const [fresh] = await dispatchSequenceContactJob.claimDue(runtime, options);
    expect(fresh!.input.contactId).toBe(stale!.input.contactId);
    expect([stale!.input.attempt, fresh!.input.attempt]).toEqual([1, 2]);
    expect(fresh!.key).not.toBe(stale!.key);
    const engineFor = () => new InngestTestEngine({ function: createJobRunFunction(dispatchSequenceContactJob, async () => runtime) });
    expect((await engineFor().execute({ events: [{ name: DUE, data: stale!.input }] })).result).toMatchObject({ state: "noop", reason: "superseded" });
    expect((await engineFor().execute({ events: [{ name: DUE, data: fresh!.input }] })).result).toMatchObject({ state: "sent" });
  });
});
