import { afterEach, describe, expect, it } from "vitest";
import { EmbeddedDriver } from "../../server/jobs/embedded/embedded-driver";
import type { Clock } from "../../server/jobs/job-clock";
import { dispatchSequenceContactJob } from "../../server/sequences/dispatch-sequence-job";
import { planSequenceSlotsJob } from "../../server/sequences/plan-sequence-slots-job";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization, type SeededOrganization } from "../support/factories";
import { bulkInsertLeads, seedCallableLeads, sequencesApi, THROTTLE, type Json } from "./helpers";

const t = useApiTest();

/** A clock the test sets to absolute instants (business hours depend on the wall time, not on an offset). */
function fixedClock(iso: string) {
  let now = Date.parse(iso);
  const clock: Clock = () => new Date(now);
  return { clock, advance: (ms: number) => (now += ms), set: (at: string) => (now = Date.parse(at)), now: () => now };
}

const drivers: EmbeddedDriver[] = [];
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.stop()));
});

function driverOn(clock: Clock) {
  const driver = new EmbeddedDriver({ db: t.db, clock, jobs: [planSequenceSlotsJob, dispatchSequenceContactJob] });
  drivers.push(driver);
  return driver;
}

async function freshOrganization(): Promise<{ org: SeededOrganization; api: ReturnType<typeof sequencesApi> }> {
  const org = await seedOrganization(t.db, { rateLimitExempt: true });
  return { org, api: sequencesApi(t, () => org.key) };
}

async function launch(api: ReturnType<typeof sequencesApi>, throttle: Record<string, unknown>) {
  const id = await api.createSequence({ throttle: { ...THROTTLE, ...throttle } });
  const response = await api.launch(id);
  expect(response.status).toBe(200);
  return id;
}

async function contactsOf(sequenceId: string) {
  return t.db.sequenceContact.findMany({ where: { sequenceId }, orderBy: { position: "asc" } });
}

/** Steps the clock `stepMs` at a time until `untilIso`, running due work after each step. */
async function walk(driver: EmbeddedDriver, c: ReturnType<typeof fixedClock>, untilIso: string, stepMs = 1000) {
  const until = Date.parse(untilIso);
  while (c.now() < until) {
    await driver.runOnce();
    c.advance(Math.min(stepMs, until - c.now()));
  }
  await driver.runOnce();
}

describe("pacing on the embedded driver", () => {
  // On the fixed clock the pace is exact: every gap is one second of the clock, whatever the speed of the machine.
  it("dispatches 120 contacts at 60/min one per second inside the window", { timeout: 120_000 }, async () => {
    const { org, api } = await freshOrganization();
    await bulkInsertLeads(t.db, org.id, 120);
    // Wednesday 2026-12-02 10:00 in New York (EST, UTC-5).
    const c = fixedClock("2026-12-02T15:00:00.000Z");
    const id = await launch(api, { maxPerMinute: 60 });
    const driver = driverOn(c.clock);
    await walk(driver, c, "2026-12-02T15:02:05.000Z");
    const contacts = await contactsOf(id);
    expect(contacts.every((contact) => contact.status === "sent")).toBe(true);
    const times = contacts.map((contact) => contact.dispatchedAt!.getTime()).sort((a, b) => a - b);
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    expect(new Set(gaps)).toEqual(new Set([1000]));
    expect(times[0]).toBe(Date.parse("2026-12-02T15:00:00.000Z"));
    // Every contact became a call task of a member, noted on the lead's timeline.
    expect(contacts.every((contact) => contact.taskUserId !== null)).toBe(true);
    const body: Json = await (await api.get(id)).json();
    expect(body.status).toBe("completed");
    expect(body.completedAt).not.toBeNull();
    expect(body.progress).toEqual({ total: 120, pending: 0, inProgress: 0, sent: 120, failed: 0, skipped: 0, called: 0 });
  });

  it("dispatches nothing outside the window or on an off weekday, and resumes at the next opening", { timeout: 120_000 }, async () => {
    const { org, api } = await freshOrganization();
    await bulkInsertLeads(t.db, org.id, 90);
    // Friday 2026-12-04 17:59:00 New York; window 09:00–18:00 Mon–Fri.
    const c = fixedClock("2026-12-04T22:59:00.000Z");
    const id = await launch(api, { maxPerMinute: 60 });
    const driver = driverOn(c.clock);
    await walk(driver, c, "2026-12-04T23:01:00.000Z");
    let contacts = await contactsOf(id);
    expect(contacts.filter((contact) => contact.status === "sent")).toHaveLength(60);
    // The weekend, stepped by ten minutes: nothing moves.
    await walk(driver, c, "2026-12-07T13:59:00.000Z", 600_000);
    contacts = await contactsOf(id);
    expect(contacts.filter((contact) => contact.status === "sent")).toHaveLength(60);
    c.set("2026-12-07T13:59:50.000Z");
    await walk(driver, c, "2026-12-07T14:00:40.000Z");
    contacts = await contactsOf(id);
    const monday = contacts.filter((contact) => contact.dispatchedAt && contact.dispatchedAt.getTime() >= Date.parse("2026-12-07T14:00:00.000Z"));
    expect(monday).toHaveLength(30);
    for (const contact of contacts) {
      const at = contact.dispatchedAt!.getTime();
      const inFriday = at >= Date.parse("2026-12-04T14:00:00Z") && at < Date.parse("2026-12-04T23:00:00Z");
      const inMonday = at >= Date.parse("2026-12-07T14:00:00Z") && at < Date.parse("2026-12-07T23:00:00Z");
      expect(inFriday || inMonday).toBe(true);
    }
  });

  it("opens a window starting at a non-existent local time on the DST change day at the first instant after the gap", { timeout: 120_000 }, async () => {
    const { org, api } = await freshOrganization();
    await bulkInsertLeads(t.db, org.id, 5);
    // Sunday 2027-03-14, New York springs forward at 02:00 EST → 03:00 EDT; the window 02:30–04:00 opens at 03:30 EDT = 07:30Z.
    const c = fixedClock("2027-03-14T06:50:00.000Z");
    const id = await launch(api, { maxPerMinute: 6, businessHoursStart: "02:30", businessHoursEnd: "04:00", weekdays: [7] });
    const driver = driverOn(c.clock);
    await walk(driver, c, "2027-03-14T07:29:50.000Z", 10_000);
    expect((await contactsOf(id)).filter((contact) => contact.status === "sent")).toHaveLength(0);
    await walk(driver, c, "2027-03-14T07:31:00.000Z", 1000);
    const sent = (await contactsOf(id)).filter((contact) => contact.status === "sent");
    expect(sent.map((contact) => contact.dispatchedAt!.toISOString()).sort()).toEqual([
      "2027-03-14T07:30:00.000Z",
      "2027-03-14T07:30:10.000Z",
      "2027-03-14T07:30:20.000Z",
      "2027-03-14T07:30:30.000Z",
      "2027-03-14T07:30:40.000Z",
    ]);
  });

  it("pause: nothing is picked up after it answers; resume continues with the remaining contacts", { timeout: 120_000 }, async () => {
    const { org, api } = await freshOrganization();
    await bulkInsertLeads(t.db, org.id, 20);
    const c = fixedClock("2026-12-02T15:00:00.000Z");
    const id = await launch(api, { maxPerMinute: 60 });
    const driver = driverOn(c.clock);
    await walk(driver, c, "2026-12-02T15:00:05.000Z");
    expect((await api.pause(id)).status).toBe(200);
    const atPause = (await contactsOf(id)).filter((contact) => contact.status === "sent").length;
    expect(atPause).toBeGreaterThan(0);
    await walk(driver, c, "2026-12-02T15:01:00.000Z");
    const paused: Json = await (await api.get(id)).json();
    expect(paused.progress.sent).toBe(atPause);
    expect(paused.progress.pending).toBe(20 - atPause);
    expect((await api.resume(id)).status).toBe(200);
    await walk(driver, c, "2026-12-02T15:02:00.000Z");
    const done: Json = await (await api.get(id)).json();
    expect(done.progress.sent).toBe(20);
    expect(done.status).toBe("completed");
  });

  it("skips leads that became ineligible at dispatch time and hands the call to the assignee", async () => {
    const { org, api } = await freshOrganization();
    const rep = await seedMember(t.db, org.id, { name: "Rep" });
    const [assigned, optedOut, won, deleted] = await seedCallableLeads(t.db, org.id, 4);
    await t.db.lead.update({ where: { id: assigned!.id }, data: { assignedToId: rep.userId } });
    const c = fixedClock("2026-12-02T15:00:00.000Z");
    const id = await launch(api, { maxPerMinute: 60 });
    await t.db.lead.update({ where: { id: optedOut!.id }, data: { doNotCall: true } });
    await t.db.lead.update({ where: { id: won!.id }, data: { status: "won" } });
    await t.db.lead.delete({ where: { id: deleted!.id } });
    await walk(driverOn(c.clock), c, "2026-12-02T15:00:10.000Z");
    const contacts = await contactsOf(id);
    const byLead = Object.fromEntries(contacts.map((contact) => [contact.leadId, contact]));
    expect(byLead[assigned!.id]).toMatchObject({ status: "sent", taskUserId: rep.userId });
    expect(byLead[optedOut!.id]).toMatchObject({ status: "skipped", lastError: "do_not_call" });
    expect(byLead[won!.id]).toMatchObject({ status: "skipped", lastError: "lead_won" });
    expect(byLead[deleted!.id]).toMatchObject({ status: "skipped", lastError: "lead_deleted" });
    const timeline = await t.db.leadActivity.findMany({ where: { leadId: assigned!.id, type: "call" } });
    expect(timeline).toHaveLength(1);
  });

  it("a restart mid-sequence dispatches every remaining contact exactly once", { timeout: 120_000 }, async () => {
    const { org, api } = await freshOrganization();
    await bulkInsertLeads(t.db, org.id, 30);
    const c = fixedClock("2026-12-02T15:00:00.000Z");
    const id = await launch(api, { maxPerMinute: 60 });
    await walk(driverOn(c.clock), c, "2026-12-02T15:00:10.000Z");
    // A worker that claimed a contact and died: its lease expires and another instance finishes it.
    await t.db.$executeRaw`
      UPDATE "SequenceContact" SET "status" = 'in_progress', "lockedUntil" = ${new Date(c.now() + 1000)}
      WHERE "id" = (SELECT "id" FROM "SequenceContact" WHERE "sequenceId" = ${id} AND "status" = 'scheduled' ORDER BY "position" LIMIT 1)`;
    const second = driverOn(c.clock);
    await walk(second, c, "2026-12-02T15:01:00.000Z");
    const contacts = await contactsOf(id);
    expect(contacts.every((contact) => contact.status === "sent")).toBe(true);
    const activities = await t.db.leadActivity.count({ where: { organizationId: org.id, type: "call" } });
    expect(activities).toBe(30);
  });
});
