import { beforeAll, describe, expect, it } from "vitest";
import { Temporal } from "temporal-polyfill";
import type { Clock } from "../../../server/jobs/job-clock";
import { escalateDueFirstTouches } from "../../../server/round-robin/escalate-first-touch";
import { useApiTest } from "../../support/api-test";
import { seedMember, seedOAuthToken } from "../../support/factories";
import { body, leadsApi, type Activity, type Lead, type Page } from "../helpers";

/**
 * A lead's walk through a missed first touch, on a fixed clock handed to the
 * sweep: it arrives outside its owner's hours, is due at their next opening
 * plus the pool's minutes, is reassigned when that passes (never back to
 * the one who missed it), released to the pool's pond on the second miss,
 * and is then seen in the pond by the pool's other participant.
 */
const ZONE = "America/Mexico_City";
const t = useApiTest({ organization: { timezone: ZONE }, observeEvents: true });
type TouchLead = Lead & { roundRobinId: string | null; firstTouch: { dueAt: string | null; touchedAt: string | null; breachedAt: string | null } };
type Json = Record<string, unknown>;

let api: ReturnType<typeof leadsApi>;
let ana: { userId: string; token: string };
let bruno: { userId: string; token: string };
let poolId: string;

const fixed = (iso: string | Date): Clock => {
  const at = new Date(iso);
  return () => new Date(at);
};
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

async function member(name: string) {
  const seeded = await seedMember(t.db, t.org.id, { name });
  const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: seeded.userId });
  return { userId: seeded.userId, token };
}

async function eventsOf(leadId: string): Promise<{ type: string; origin: string; data: Json }[]> {
  const rows = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id }, orderBy: [{ txid: "asc" }, { position: "asc" }] });
  return rows
    .map((row) => ({ type: row.type, origin: row.origin as string, data: (JSON.parse(row.body) as { data: Json }).data }))
    .filter((event) => ((event.data.lead as Json | undefined)?.id ?? event.data.leadId) === leadId);
}

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  ana = await member("Ana Martínez");
  bruno = await member("Bruno Sánchez");
  // Ana and Bruno work every day but today, 09:00–18:00: a lead arriving today waits for its owner's next opening.
  // (With nobody of the pool working, the rotation assigns as if everyone were; with one of them working, it would go to them.)
  const today = Temporal.Now.zonedDateTimeISO(ZONE).dayOfWeek;
  await t.db.membership.updateMany({
    where: { organizationId: t.org.id, userId: { in: [ana.userId, bruno.userId] } },
    data: { workingHours: { start: "09:00", end: "18:00", weekdays: [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today) } },
  });
  poolId = (await body<{ id: string }>(
    await t.server.api("/round-robin", { token: t.org.key, method: "POST", json: { name: "Torre Marina", participantIds: [ana.userId, bruno.userId] } }),
    201,
  )).id;
  await body(
    await t.server.api(`/round-robin/${poolId}/speed-to-lead`, {
      token: t.org.key,
      method: "PATCH",
      json: { firstTouchMinutes: 10, firstTouchEscalation: ["reassign", "pond"] },
    }),
    200,
  );
});

describe("first-touch escalation", () => {
  it("walks arrival after hours → deadline → breach → reassignment → pond, each step told by the System", async () => {
    const created = await api.createFull({ firstName: "Gabriela", lastName: "Castro", phone: "+52 55 1234 5678", roundRobinId: poolId });
    const arrived = await body<TouchLead>(await api.get(created.id), 200);
    expect(arrived.assignedToId).toBe(ana.userId);
    const tomorrow = Temporal.Now.zonedDateTimeISO(ZONE).toPlainDate().add({ days: 1 });
    const opening = tomorrow.toPlainDateTime({ hour: 9, minute: 10 }).toZonedDateTime(ZONE).toInstant().toString({ fractionalSecondDigits: 3 });
    expect(arrived.firstTouch.dueAt).toBe(opening);

    // A second before the deadline nothing happens.
    expect(await escalateDueFirstTouches(t.db, fixed(plus(opening, -1_000)))).toBe(0);

    // Half a minute after it: reassigned to the next participant, never back to Ana.
    const firstBreach = plus(opening, 30_000);
    expect(await escalateDueFirstTouches(t.db, fixed(firstBreach))).toBe(1);
    const reassigned = await body<TouchLead>(await api.get(created.id), 200);
    expect(reassigned.assignedToId).toBe(bruno.userId);
    expect(reassigned.firstTouch).toEqual({ dueAt: plus(firstBreach.toISOString(), 10 * 60_000).toISOString(), touchedAt: null, breachedAt: null });
    // The same sweep again finds nothing more to do.
    expect(await escalateDueFirstTouches(t.db, fixed(firstBreach))).toBe(0);

    // Bruno misses his too: released to the pool's pond.
    const secondBreach = plus(reassigned.firstTouch.dueAt!, 30_000);
    expect(await escalateDueFirstTouches(t.db, fixed(secondBreach))).toBe(1);
    const released = await body<TouchLead>(await api.get(created.id), 200);
    expect(released.assignedToId).toBeNull();
    expect(released.roundRobinId).toBe(poolId);
    expect(released.firstTouch).toEqual({ dueAt: null, touchedAt: null, breachedAt: null });
    expect(await escalateDueFirstTouches(t.db, fixed(plus(secondBreach.toISOString(), 3_600_000)))).toBe(0);

    const events = await eventsOf(created.id);
    const escalationEvents = events.filter((e) => e.type !== "lead.updated").slice(2);
    expect(escalationEvents.map((e) => [e.type, e.origin])).toEqual([
      ["lead.first_touch_breached", "system"],
      ["lead.assigned", "system"],
      ["lead.first_touch_breached", "system"],
      ["lead.unassigned", "system"],
    ]);
    expect(escalationEvents[0]!.data).toMatchObject({ missedBy: ana.userId, dueAt: opening, breaches: 1, escalation: "reassigned" });
    expect(escalationEvents[1]!.data).toMatchObject({ autoAssigned: true, previousAssignedToId: ana.userId });
    expect(escalationEvents[2]!.data).toMatchObject({ missedBy: bruno.userId, breaches: 2, escalation: "released" });
    expect(escalationEvents[3]!.data).toMatchObject({ previousAssignedToId: bruno.userId });

    const timeline = await body<Page<Activity>>(await api.activities(created.id, "?activityScope=all&limit=50"), 200);
    const breaches = timeline.data.filter((entry) => entry.type === "first_touch_breached");
    expect(breaches.map((entry) => [entry.user.name, entry.content])).toEqual([
      ["System", "Bruno Sánchez missed the first-touch deadline: released to the pool's pond"],
      ["System", "Ana Martínez missed the first-touch deadline: reassigned by the pool"],
    ]);

    // In the pond: a participant of the pool sees it among the unassigned leads even when members see only their own.
    await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "own" } });
    const pond = await body<Page<TouchLead>>(await leadsApi(t.server, ana.token).list("?assignedToId=none&limit=100"), 200);
    expect(pond.data.map((lead) => lead.id)).toContain(created.id);
    await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "all" } });
  });

  it("a lead without a pool is only marked, once", async () => {
    const lead = await body<TouchLead>(await api.get((await api.createFull({ firstName: "Rodrigo", email: "rodrigo.vega@example.test", assignedToId: bruno.userId })).id), 200);
    const after = plus(lead.firstTouch.dueAt!, 1_000);
    expect(await escalateDueFirstTouches(t.db, fixed(after))).toBe(1);
    const marked = await body<TouchLead>(await api.get(lead.id), 200);
    expect(marked.assignedToId).toBe(bruno.userId);
    expect(marked.firstTouch.breachedAt).toBe(after.toISOString());
    expect(await escalateDueFirstTouches(t.db, fixed(plus(after.toISOString(), 60_000)))).toBe(0);
    expect((await eventsOf(lead.id)).filter((e) => e.type === "lead.first_touch_breached").map((e) => e.data.escalation)).toEqual(["none"]);
  });

  it("two sweeps running at once escalate each deadline once", async () => {
    const leads = [];
    for (const name of ["Paula", "Andres", "Valeria", "Tomas"]) leads.push(await api.createFull({ firstName: name, email: `${name.toLowerCase()}.sweep@example.test`, assignedToId: bruno.userId }));
    const read = await Promise.all(leads.map(async (lead) => body<TouchLead>(await api.get(lead.id), 200)));
    const clock = fixed(plus(read.map((lead) => lead.firstTouch.dueAt!).sort().at(-1)!, 1_000));
    const [a, b] = await Promise.all([escalateDueFirstTouches(t.db, clock), escalateDueFirstTouches(t.db, clock)]);
    expect(a + b).toBe(4);
    for (const lead of leads) {
      expect((await eventsOf(lead.id)).filter((e) => e.type === "lead.first_touch_breached")).toHaveLength(1);
    }
  });
});
