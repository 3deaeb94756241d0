import { describe, expect, it } from "vitest";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { dispatchSequenceContactJob } from "../../server/sequences/dispatch-sequence-job";
import { planSequenceSlotsJob } from "../../server/sequences/plan-sequence-slots-job";
import { rejection, sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { seedCallableLeads, sequencesApi, THROTTLE } from "./helpers";

const t = useApiTest();
const api = sequencesApi(t);

describe("the reps' call queue (dashboard door)", () => {
  it("shows a member's dispatched calls; logging an outcome logs a call on the lead and completes the task", async () => {
    const rep = await seedMember(t.db, t.org.id, { name: "Rep" });
    const leads = await seedCallableLeads(t.db, t.org.id, 3, { firstName: "Marta" });
    for (const lead of leads) await t.db.lead.update({ where: { id: lead.id }, data: { assignedToId: rep.userId } });
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const { id } = await owner.sequences.create({ name: "Follow-ups", criteria: {}, throttle: { ...THROTTLE, weekdays: [1, 2, 3, 4, 5, 6, 7], businessHoursStart: "00:00", businessHoursEnd: "23:59" } });
    expect(await owner.sequences.launch({ sequenceId: id })).toEqual({ id, enqueued: 3 });
    let now = Date.now();
    const driver = new EmbeddedDriver({ db: t.db, clock: () => new Date(now), jobs: [planSequenceSlotsJob, dispatchSequenceContactJob] });
    for (let i = 0; i < 5; i++) {
      await driver.runOnce();
      now += 1000;
    }

    const caller = await sessionCaller(t.db, rep.userId, t.org.id);
    const queue = await caller.sequences.callQueue();
    expect(queue.data).toHaveLength(3);
    expect(queue.data[0]).toMatchObject({ sequenceName: "Follow-ups", leadName: expect.stringContaining("Marta") });
    expect((await owner.sequences.callQueue()).data).toHaveLength(0);

    const [first, second] = queue.data;
    await caller.sequences.logCallOutcome({ contactId: first!.contactId, outcome: "connected", note: "Wants a visit" });
    await caller.sequences.logCallOutcome({ contactId: second!.contactId, outcome: "do_not_call" });
    expect((await caller.sequences.callQueue()).data).toHaveLength(1);
    const calls = await t.db.leadActivity.findMany({ where: { leadId: first!.leadId, activityScope: "lead_event", type: "call" } });
    expect(calls.map((c) => c.content)).toEqual(["Call connected. Wants a visit"]);
    expect((await t.db.lead.findUniqueOrThrow({ where: { id: second!.leadId } })).doNotCall).toBe(true);
    // Twice, or someone else's task: not found.
    expect((await rejection(caller.sequences.logCallOutcome({ contactId: first!.contactId, outcome: "no_answer" }))).code).toBe("NOT_FOUND");
    const third = queue.data[2]!;
    expect((await rejection(owner.sequences.logCallOutcome({ contactId: third.contactId, outcome: "no_answer" }))).code).toBe("NOT_FOUND");

    // Progress counts the calls made (an outcome recorded), not the calls handed out.
    expect((await owner.sequences.get({ sequenceId: id })).progress).toMatchObject({ total: 3, sent: 3, called: 2 });

    const contacts = await owner.sequences.contacts({ sequenceId: id });
    expect(contacts.contacts).toHaveLength(3);
    expect(contacts.perHour.reduce((sum, h) => sum + h.count, 0)).toBe(3);
    // A do-not-call lead is no longer in any audience.
    expect((await (await api.preview({})).json()).count).toBe(2);
  });
});

describe("do not call (dashboard door, lead page)", () => {
  it("marks and clears a lead; marked leads leave every audience and are skipped by running sequences; foreign leads are not found", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = sequencesApi(t, () => org.key);
    const [kept, marked] = await seedCallableLeads(t.db, org.id, 2);
    const owner = await sessionCaller(t.db, org.ownerId, org.id);
    const { id } = await owner.sequences.create({ name: "Calls", criteria: {}, throttle: { ...THROTTLE, weekdays: [1, 2, 3, 4, 5, 6, 7], businessHoursStart: "00:00", businessHoursEnd: "23:59" } });
    await owner.sequences.launch({ sequenceId: id });

    expect(await owner.sequences.setDoNotCall({ leadId: marked!.id, doNotCall: true })).toEqual({ leadId: marked!.id, doNotCall: true });
    expect((await (await other.preview({})).json()).count).toBe(1);
    let now = Date.now();
    const driver = new EmbeddedDriver({ db: t.db, clock: () => new Date(now), jobs: [planSequenceSlotsJob, dispatchSequenceContactJob] });
    for (let i = 0; i < 4; i++) {
      await driver.runOnce();
      now += 1000;
    }
    const calling = await owner.sequences.leadCalling({ leadId: marked!.id });
    expect(calling).toEqual({ doNotCall: true, contacts: [{ sequenceId: id, sequenceName: "Calls", status: "skipped", outcome: null }] });
    expect((await owner.sequences.leadCalling({ leadId: kept!.id })).contacts[0]!.status).toBe("sent");
    await owner.sequences.setDoNotCall({ leadId: marked!.id, doNotCall: false });
    expect((await (await other.preview({})).json()).count).toBe(2);

    const stranger = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    expect((await rejection(stranger.sequences.setDoNotCall({ leadId: marked!.id, doNotCall: true }))).code).toBe("NOT_FOUND");
    expect((await rejection(stranger.sequences.leadCalling({ leadId: marked!.id }))).code).toBe("NOT_FOUND");
  });
});
