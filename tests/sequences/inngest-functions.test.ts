import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { dueEvent } from "../../inngest/client";
import { createJobRunFunction } from "../../inngest/functions/job-functions";
import type { Clock } from "../../server/jobs/job-clock";
import type { JobRuntime } from "../../server/jobs/job-runtime";
import { DISPATCH_STEP_ID, dispatchSequenceContactJob, SLOT_STEP_ID } from "../../server/sequences/dispatch-sequence-job";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { bulkInsertLeads, sequencesApi, THROTTLE } from "./helpers";

/**
 * The dispatch job as an Inngest function under @inngest/test: the sweeper's
 * claim (run here directly) hands over slots up to the look-ahead, each run
 * sleeps until its slot (mocked by step id, moving the clock) and dispatches.
 */
const t = useApiTest();
const DUE = dueEvent(dispatchSequenceContactJob.id);

function fixedClock(iso: string) {
  let now = Date.parse(iso);
  const clock: Clock = () => new Date(now);
  return { clock, set: (ms: number) => (now = ms) };
}

describe("dispatch-sequence-contact (Inngest)", () => {
  it("hands over a minute of slots; each run sleeps until its slot, then dispatches; a pause turns later wake-ups into no-ops", { timeout: 30_000 }, async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const api = sequencesApi(t, () => org.key);
    await bulkInsertLeads(t.db, org.id, 10);
    const id = await api.createSequence({ throttle: { ...THROTTLE, maxPerMinute: 6 } });
    expect((await api.launch(id)).status).toBe(200);

    const c = fixedClock("2026-12-02T15:00:00.000Z"); // Wednesday 10:00 New York
    const runtime: JobRuntime = { db: t.db, clock: c.clock, driver: "inngest" };
    const claims = await dispatchSequenceContactJob.claimDue!(runtime, { limit: 100, leaseMs: 60_000, perOrganization: 10 });
    // 6 per minute: the 2-minute plan holds 10 slots 10 s apart; the 90 s look-ahead hands over those up to +90 s.
    expect(claims.map((claim) => (Date.parse(claim.input.dispatchAt) - Date.parse("2026-12-02T15:00:00.000Z")) / 1000)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    // A second sweep hands over nothing twice.
    expect(await dispatchSequenceContactJob.claimDue!(runtime, { limit: 100, leaseMs: 60_000, perOrganization: 10 })).toEqual([]);

    const engineFor = () => new InngestTestEngine({ function: createJobRunFunction(dispatchSequenceContactJob, async () => runtime) });
    const slept: string[] = [];
    for (const claim of claims.slice(0, 3)) {
      const { result, ctx } = await engineFor().execute({
        events: [{ name: DUE, data: claim.input }],
        steps: [{ id: SLOT_STEP_ID, handler: () => { slept.push(claim.input.dispatchAt); c.set(Date.parse(claim.input.dispatchAt)); } }],
      });
      expect(result).toMatchObject({ state: "sent" });
      expect(ctx.step.run).toHaveBeenCalledWith(DISPATCH_STEP_ID, expect.any(Function));
    }
    // The first slot was due at once (no sleep); the next two slept until their slot.
    expect(slept).toEqual(claims.slice(1, 3).map((claim) => claim.input.dispatchAt));

    expect((await api.pause(id)).status).toBe(200);
    const late = claims[5]!;
    const { result } = await engineFor().execute({
      events: [{ name: DUE, data: late.input }],
      steps: [{ id: SLOT_STEP_ID, handler: () => void c.set(Date.parse(late.input.dispatchAt)) }],
    });
    expect(result).toMatchObject({ state: "noop" });
    const progress = (await (await api.get(id)).json()).progress;
    expect(progress).toMatchObject({ sent: 3, pending: 7, inProgress: 0 });
  });

  it("a run whose hand-over was superseded (its lease ended and the sweeper handed the contact over again) does nothing", { timeout: 30_000 }, async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const api = sequencesApi(t, () => org.key);
    await bulkInsertLeads(t.db, org.id, 1);
    const id = await api.createSequence({ throttle: { ...THROTTLE, maxPerMinute: 6 } });
    expect((await api.launch(id)).status).toBe(200);
    const c = fixedClock("2026-12-02T15:00:00.000Z");
    const runtime: JobRuntime = { db: t.db, clock: c.clock, driver: "inngest" };
    const options = { limit: 10, leaseMs: 60_000, perOrganization: 10 };
    const [stale] = await dispatchSequenceContactJob.claimDue!(runtime, options);
    c.set(Date.parse(stale!.input.lease!) + 1000);
    const [fresh] = await dispatchSequenceContactJob.claimDue!(runtime, options);
    expect(fresh!.input.contactId).toBe(stale!.input.contactId);
    const engineFor = () => new InngestTestEngine({ function: createJobRunFunction(dispatchSequenceContactJob, async () => runtime) });
    expect((await engineFor().execute({ events: [{ name: DUE, data: stale!.input }] })).result).toMatchObject({ state: "noop", reason: "lease_superseded" });
    expect((await engineFor().execute({ events: [{ name: DUE, data: fresh!.input }] })).result).toMatchObject({ state: "sent" });
  });
});
