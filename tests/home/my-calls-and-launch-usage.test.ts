import { describe, expect, it } from "vitest";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import { dispatchSequenceContactJob } from "../../server/sequences/dispatch-sequence-job";
import { planSequenceSlotsJob } from "../../server/sequences/plan-sequence-slots-job";
import { flushApiUsageCounts } from "../../server/usage/request-counter";
import { sessionCaller } from "../dashboard/callers";
import { seedCallableLeads, sequencesApi, THROTTLE } from "../sequences/helpers";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";

/**
 * "My calls to make" on the home page (the /calls queue's tasks: count and the
 * next five, oldest first) and sequence launches counted as `sequence_launch`
 * units on the Usage page.
 */
const t = useApiTest();
const ALWAYS_OPEN = { ...THROTTLE, weekdays: [1, 2, 3, 4, 5, 6, 7], businessHoursStart: "00:00", businessHoursEnd: "23:59" };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe("home.myCalls", () => {
  it("counts the member's open call tasks and lists the next five with lead names, oldest first", { timeout: 60_000 }, async () => {
    const rep = await seedMember(t.db, t.org.id, { name: "Rep" });
    const other = await seedMember(t.db, t.org.id, { name: "Other" });
    const leads = await seedCallableLeads(t.db, t.org.id, 7, { firstName: "Marta" });
    for (const [i, lead] of leads.entries()) {
      await t.db.lead.update({ where: { id: lead.id }, data: { lastName: `N${i}`, assignedToId: i < 6 ? rep.userId : other.userId } });
    }
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const repCaller = await sessionCaller(t.db, rep.userId, t.org.id);
    expect(await repCaller.home.myCalls({ period: "today" })).toEqual({ total: 0, calls: [] });

    const { id } = await owner.sequences.create({ name: "Follow-ups", criteria: {}, throttle: ALWAYS_OPEN });
    expect(await owner.sequences.launch({ sequenceId: id })).toEqual({ id, enqueued: 7 });
    // Not dispatched yet: nothing to call.
    expect((await repCaller.home.myCalls({ period: "today" })).total).toBe(0);
    let now = Date.now();
    const driver = new EmbeddedDriver({ db: t.db, clock: () => new Date(now), jobs: [planSequenceSlotsJob, dispatchSequenceContactJob] });
    for (let i = 0; i < 12; i++) {
      await driver.runOnce();
      now += 1000;
    }

    const queue = (await repCaller.sequences.callQueue()).data;
    expect(queue).toHaveLength(6);
    const mine = await repCaller.home.myCalls({ period: "7d" });
    expect(mine.total).toBe(6);
    // The same order as the queue: the first is the next call.
    expect(mine.calls.map((c) => c.contactId)).toEqual(queue.slice(0, 5).map((c) => c.contactId));
    expect(mine.calls[0]).toMatchObject({ sequenceName: "Follow-ups", leadName: expect.stringMatching(/^Marta N\d$/), dispatchedAt: expect.any(String) });

    // Logging an outcome takes the task off; another member sees only their own.
    await repCaller.sequences.logCallOutcome({ contactId: queue[0]!.contactId, outcome: "no_answer" });
    expect((await repCaller.home.myCalls({ period: "7d" })).total).toBe(5);
    expect((await (await sessionCaller(t.db, other.userId, t.org.id)).home.myCalls({ period: "7d" })).total).toBe(1);
    expect((await owner.home.myCalls({ period: "7d" })).total).toBe(0);

    // Another organization's member sees none of them.
    const foreign = await seedOrganization(t.db, { rateLimitExempt: true });
    expect(await (await sessionCaller(t.db, foreign.ownerId, foreign.id)).home.myCalls({ period: "7d" })).toEqual({ total: 0, calls: [] });
  });
});

describe("sequence launches on the Usage page", () => {
  it("a launch records one sequence_launch unit per enrolled contact; a refused launch records none", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const api = sequencesApi(t, () => org.key);
    await seedCallableLeads(t.db, org.id, 3);
    const id = await api.createSequence({ throttle: ALWAYS_OPEN });
    const launched = await api.launch(id);
    expect(launched.status).toBe(200);
    expect(((await launched.json()) as Json).enqueued).toBe(3);
    expect((await api.launch(id)).status).toBe(400);
    await flushApiUsageCounts();

    const usage = (await (await t.server.api("/usage", { token: org.key })).json()) as Json;
    expect(usage.monthlyUnits.sequence_launch).toBe(3);
    const rows = await t.db.$queryRaw<{ category: string; requests: number; units: number }[]>`
      SELECT "category", sum("requests")::int AS "requests", sum("units")::int AS "units" FROM "ApiUsageHour"
      WHERE "organizationId" = ${org.id}::uuid GROUP BY "category" ORDER BY "category"`;
    // The launch's request is counted once, as a request; its units under sequence_launch.
    expect(rows.find((r) => r.category === "sequence_launch")).toEqual({ category: "sequence_launch", requests: 0, units: 3 });
  });
});
