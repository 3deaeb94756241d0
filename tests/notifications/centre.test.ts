import { beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../server/jobs/job-clock";
import { warnDueSoonFirstTouches } from "../../server/notifications/first-touch-notices";
import { escalateDueFirstTouches } from "../../server/round-robin/escalate-first-touch";
import { rejection, sessionCaller } from "../dashboard/callers";
import { body, leadsApi, type Lead } from "../leads/helpers";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";

/**
 * The notification centre through the dashboard door, with the leads' real
 * doors causing the notices: a manager's assignment (REST) notifies the new
 * owner, taking a lead yourself does not; a deadline two minutes away warns
 * its owner once; a breach escalated to the pool's follower tells them;
 * reading and "mark all read" touch only the reader's own notices; a lead
 * out of the reader's sight takes its notices out of the bell.
 */
const t = useApiTest();
type TouchLead = Lead & { firstTouch: { dueAt: string | null } };
let api: ReturnType<typeof leadsApi>;
let rep: { userId: string };
let follower: { userId: string };

const at = (iso: string, ms = 0): Clock => () => new Date(Date.parse(iso) + ms);
const bell = async (userId: string) => (await sessionCaller(t.db, userId, t.org.id)).notifications.list({});

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  rep = await seedMember(t.db, t.org.id, { name: "Rocío Hernández" });
  follower = await seedMember(t.db, t.org.id, { name: "Patricia Flores", role: "admin" });
});

describe("notification centre", () => {
  it("tells the new owner of a lead a manager assigns, newest first, and counts it unread", async () => {
    const first = await api.createFull({ firstName: "Mariana", lastName: "Quispe", phone: "+51 987 654 321", assignedToId: rep.userId });
    const second = await api.createFull({ firstName: "Jorge", lastName: "Mamani", phone: "+51 987 654 322" });
    await body(await api.update(second.id, { assignedToId: rep.userId }), 200);

    const { data, unread } = await bell(rep.userId);
    expect(unread).toBe(2);
    expect(data.map((n) => [n.kind, n.leadId, n.leadName, n.readAt])).toEqual([
      ["lead_assigned", second.id, "Jorge Mamani", null],
      ["lead_assigned", first.id, "Mariana Quispe", null],
    ]);
  });

  it("does not notify a person who takes a lead themself", async () => {
    const caller = await sessionCaller(t.db, follower.userId, t.org.id);
    const lead = await api.createFull({ firstName: "Carmen", phone: "+51 987 654 323" });
    await caller.leads.update({ leadId: lead.id, assignedToId: follower.userId });
    expect((await bell(follower.userId)).data.filter((n) => n.leadId === lead.id)).toEqual([]);
  });

  it("marks one notice read, then all; nobody else's notices are touched", async () => {
    const mine = await sessionCaller(t.db, rep.userId, t.org.id);
    const theirs = await sessionCaller(t.db, follower.userId, t.org.id);
    const { data } = await mine.notifications.list({});
    expect(await theirs.notifications.markRead({ ids: [data[0]!.id] })).toEqual({ marked: 0 });
    expect(await mine.notifications.markRead({ ids: [data[0]!.id] })).toEqual({ marked: 1 });
    expect((await mine.notifications.list({})).unread).toBe(data.length - 1);
    await mine.notifications.markRead({ all: true });
    const after = await mine.notifications.list({});
    expect(after.unread).toBe(0);
    expect(after.data.every((n) => n.readAt !== null)).toBe(true);
  });

  it("warns the owner once when the first-touch deadline is two minutes away", async () => {
    const lead = await body<TouchLead>(
      await api.get((await api.createFull({ firstName: "Gabriela", phone: "+51 987 654 324", assignedToId: rep.userId })).id),
      200,
    );
    const dueAt = lead.firstTouch.dueAt!;
    const warnings = async () => (await bell(rep.userId)).data.filter((n) => n.kind === "first_touch_due_soon" && n.leadId === lead.id).length;
    await warnDueSoonFirstTouches(t.db, at(dueAt, -3 * 60_000));
    expect(await warnings()).toBe(0);
    expect(await warnDueSoonFirstTouches(t.db, at(dueAt, -110_000))).toBeGreaterThanOrEqual(1);
    expect(await warnings()).toBe(1);
    await warnDueSoonFirstTouches(t.db, at(dueAt, -50_000));
    expect(await warnings()).toBe(1);
  });

  it("tells the pool's follower when a missed first touch is escalated to them", async () => {
    const pool = await body<{ id: string }>(
      await t.server.api("/round-robin", { token: t.org.key, method: "POST", json: { name: "Miraflores", participantIds: [rep.userId], followerUserId: follower.userId } }),
      201,
    );
    await body(
      await t.server.api(`/round-robin/${pool.id}/speed-to-lead`, { token: t.org.key, method: "PATCH", json: { firstTouchMinutes: 5, firstTouchEscalation: ["notify"] } }),
      200,
    );
    const created = await api.createFull({ firstName: "Daniela", lastName: "Torres", phone: "+51 987 654 325", roundRobinId: pool.id });
    const lead = await body<TouchLead>(await api.get(created.id), 200);
    await escalateDueFirstTouches(t.db, at(lead.firstTouch.dueAt!, 1_000));
    const told = (await bell(follower.userId)).data.filter((n) => n.kind === "first_touch_escalated");
    expect(told.map((n) => [n.leadId, n.leadName])).toEqual([[lead.id, "Daniela Torres"]]);
  });

  it("hides notices about leads the reader no longer sees", async () => {
    const other = await seedMember(t.db, t.org.id, { name: "Bruno Castillo" });
    const lead = await api.createFull({ firstName: "Ximena", phone: "+51 987 654 326", assignedToId: rep.userId });
    expect((await bell(rep.userId)).data.some((n) => n.leadId === lead.id)).toBe(true);
    await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "own" } });
    try {
      await body(await api.update(lead.id, { assignedToId: other.userId }), 200);
      expect((await bell(rep.userId)).data.some((n) => n.leadId === lead.id)).toBe(false);
    } finally {
      await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "all" } });
    }
  });

  it("pages older notices by arrival, and refuses an empty mark as a bad request", async () => {
    const caller = await sessionCaller(t.db, rep.userId, t.org.id);
    const { data } = await caller.notifications.list({});
    const older = await caller.notifications.list({ beforeSeq: data[0]!.seq });
    expect(older.data.map((n) => n.id)).toEqual(data.slice(1).map((n) => n.id));
    expect(await rejection(caller.notifications.markRead({ ids: [] } as never))).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
  });
});
