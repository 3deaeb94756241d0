import { beforeAll, describe, expect, it } from "vitest";
import { Temporal } from "temporal-polyfill";
import { useApiTest } from "../../support/api-test";
import { seedMember, seedOAuthToken } from "../../support/factories";
import { sessionCookie } from "../../security/support/dashboard-session";
import { trpc } from "../../team/support/team-http";
import { body, leadsApi, type Lead, type Page } from "../helpers";

/**
 * The first-touch deadline through the real doors: set when a lead gets an
 * owner (the pool's minutes, else the organization's), paused outside the
 * owner's working hours, met by the owner's first outbound contact, shown
 * as `firstTouch` and filtered by `firstTouch=waiting|breached`.
 */
const ZONE = "America/Mexico_City";
const t = useApiTest({ organization: { timezone: ZONE } });
type TouchLead = Lead & { firstTouch: { dueAt: string | null; touchedAt: string | null; breachedAt: string | null } };

let api: ReturnType<typeof leadsApi>;
let agent: { userId: string; token: string };
let other: { userId: string; token: string };
let ownerCookie: string;

async function member(name: string) {
  const seeded = await seedMember(t.db, t.org.id, { name });
  const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: seeded.userId });
  return { userId: seeded.userId, token };
}

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  agent = await member("Valentina Rojas");
  other = await member("Mateo Fernández");
  ownerCookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
});

const read = async (id: string) => body<TouchLead>(await api.get(id), 200);
const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

async function dashboard(procedure: string, input: unknown) {
  const answer = await trpc<Record<string, unknown>>(t.server, procedure, { cookie: ownerCookie, mutation: true, input });
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  return answer.data;
}

describe("first-touch deadline", () => {
  it("runs the organization's 5 minutes from assignment when nobody has hours", async () => {
    const lead = await read((await api.createFull({ firstName: "Lucía", email: "lucia.ramirez@example.test", assignedToId: agent.userId })).id);
    expect(lead.firstTouch.touchedAt).toBeNull();
    expect(lead.firstTouch.breachedAt).toBeNull();
    // The deadline is taken from the write's own instant, the row's time from the database's: the same moment.
    expect(Math.abs(minutesBetween(lead.createdAt, lead.firstTouch.dueAt!) - 5)).toBeLessThan(0.05);
  });

  it("has no deadline without an owner, nor for a lead that arrives already contacted", async () => {
    const unassigned = await api.createFull({ firstName: "Sofía", email: "sofia.gomez@example.test" });
    expect((await read(unassigned.id)).firstTouch).toEqual({ dueAt: null, touchedAt: null, breachedAt: null });
    const contacted = await api.createFull({ firstName: "Diego", email: "diego.torres@example.test", status: "contacted", assignedToId: agent.userId });
    expect((await read(contacted.id)).firstTouch.dueAt).toBeNull();
  });

  it("pauses outside the owner's working hours: a lead arriving on a day off is due at the next opening plus the pool's minutes", async () => {
    const today = Temporal.Now.zonedDateTimeISO(ZONE);
    const tomorrow = today.toPlainDate().add({ days: 1 });
    // The agent works every day but today, 09:00–18:00.
    await dashboard("team.members.setWorkingHours", {
      userId: agent.userId,
      workingHours: { start: "09:00", end: "18:00", weekdays: [tomorrow.dayOfWeek, ...[1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today.dayOfWeek && d !== tomorrow.dayOfWeek)] },
    });
    const pool = await body<{ id: string }>(
      await t.server.api("/round-robin", { token: t.org.key, method: "POST", json: { name: "Torre Marina", participantIds: [agent.userId] } }),
      201,
    );
    const policyPath = `/round-robin/${pool.id}/speed-to-lead`;
    expect(await body(await t.server.api(policyPath, { token: t.org.key }), 200)).toEqual({ roundRobinId: pool.id, firstTouchMinutes: null, effectiveFirstTouchMinutes: 5, firstTouchEscalation: [] });
    expect((await t.server.api(policyPath, { token: t.org.key, method: "PATCH", json: { firstTouchMinutes: 0 } })).status).toBe(400);
    expect(await body(await t.server.api(policyPath, { token: t.org.key, method: "PATCH", json: { firstTouchMinutes: 10 } }), 200)).toEqual({
      roundRobinId: pool.id,
      firstTouchMinutes: 10,
      effectiveFirstTouchMinutes: 10,
      firstTouchEscalation: [],
    });
    const lead = await read((await api.createFull({ firstName: "Camila", email: "camila.herrera@example.test", roundRobinId: pool.id })).id);
    expect(lead.assignedToId).toBe(agent.userId);
    const expected = tomorrow.toPlainDateTime({ hour: 9, minute: 10 }).toZonedDateTime(ZONE).toInstant().toString({ fractionalSecondDigits: 3 });
    expect(lead.firstTouch.dueAt).toBe(expected);

    const hours = await dashboard("team.members.setWorkingHours", { userId: agent.userId, workingHours: null });
    expect(hours).toEqual({ userId: agent.userId, own: null, organization: null });
  });

  it("is met by the owner's first outbound contact only, and the lead leaves the waiting list", async () => {
    const lead = await api.createFull({ firstName: "Martina", email: "martina.lopez@example.test", assignedToId: agent.userId });
    const waiting = async () => (await body<Page<TouchLead>>(await api.list("?firstTouch=waiting&limit=100"), 200)).data.map((l) => l.id);
    expect(await waiting()).toContain(lead.id);

    // Not touches: the organization's API key, someone else, an inbound call.
    await body(await api.communication(lead.id, { type: "call", direction: "outbound", content: "From the key" }), 201);
    await body(await leadsApi(t.server, other.token).communication(lead.id, { type: "call", direction: "outbound", content: "Not mine" }), 201);
    const mine = leadsApi(t.server, agent.token);
    await body(await mine.communication(lead.id, { type: "call", direction: "inbound", content: "She called" }), 201);
    expect((await read(lead.id)).firstTouch.touchedAt).toBeNull();

    const touch = await body<{ createdAt: string }>(await mine.communication(lead.id, { type: "email", direction: "outbound", content: "Brochure sent" }), 201);
    await body(await mine.communication(lead.id, { type: "call", direction: "outbound", content: "Follow-up" }), 201);
    const touched = await read(lead.id);
    expect(touched.firstTouch.touchedAt).toBe(touch.createdAt);
    expect(touched.updatedAt).toBe(lead.updatedAt);
    expect(await waiting()).not.toContain(lead.id);
  });

  it("gives a new owner a fresh deadline and clears it when the lead loses its owner", async () => {
    const lead = await read((await api.createFull({ firstName: "Joaquín", email: "joaquin.diaz@example.test", assignedToId: agent.userId })).id);
    await t.db.$executeRaw`UPDATE "Lead" SET "firstTouchBreachedAt" = now() WHERE id = ${lead.id}`;
    expect((await body<Page<TouchLead>>(await api.list("?firstTouch=breached&limit=100"), 200)).data.map((l) => l.id)).toContain(lead.id);

    const moved = await body<TouchLead>(await api.update(lead.id, { assignedToId: other.userId }), 200);
    expect(moved.firstTouch.breachedAt).toBeNull();
    expect(Date.parse(moved.firstTouch.dueAt!)).toBeGreaterThanOrEqual(Date.parse(lead.firstTouch.dueAt!));
    const released = await body<TouchLead>(await api.update(lead.id, { assignedToId: null }), 200);
    expect(released.firstTouch).toEqual({ dueAt: null, touchedAt: null, breachedAt: null });
  });

  it("refuses working hours that end before they start, and another member's hours to a member", async () => {
    const refused = await trpc(t.server, "team.members.setWorkingHours", {
      cookie: ownerCookie,
      mutation: true,
      input: { userId: agent.userId, workingHours: { start: "18:00", end: "09:00", weekdays: [1] } },
    });
    expect(refused.status).toBe(400);
    const memberCookie = await sessionCookie({ userId: agent.userId, organizationId: t.org.id });
    const forbidden = await trpc(t.server, "team.members.setWorkingHours", {
      cookie: memberCookie,
      mutation: true,
      input: { userId: other.userId, workingHours: null },
    });
    expect(forbidden.code).toBe("FORBIDDEN");
  });
});
