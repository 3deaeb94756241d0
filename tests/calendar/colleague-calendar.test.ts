import { beforeAll, describe, expect, it } from "vitest";
import { seedLead, seedMember, seedOAuthToken } from "../support/factories";
import { callTrpc, sessionCookie } from "../security/support/dashboard-session";
import { useCalendarTest } from "./support/calendar-test";

/**
 * Whose calendar a person reaches (second audit: H1 and L3), over real HTTP
 * against the loopback Google: a session or an OAuth token acts on its own
 * person's calendar; an owner or admin naming a colleague reaches only the
 * events inmo created there; a member naming a colleague is refused; an API
 * key (the organization's integration) keeps the whole calendar. Event ids
 * outside Google's alphabet never reach Google.
 */
const c = useCalendarTest({ organization: { timezone: "America/New_York" } });
const { t } = c;
const ACCOUNT = "agent-a@gmail.test";
const range = "timeMin=2026-12-01T00:00:00-05:00&timeMax=2026-12-08T00:00:00-05:00";
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let agentId: string;
let colleagueToken: string;
let adminToken: string;
let ownToken: string;
let privateEventId: string;
let crmEventId: string;

async function call(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const response = await t.server.api(path, { token: t.org.key, ...init });
  return { status: response.status, body: (await response.json()) as Body };
}

const reschedule = { startAt: "2026-12-03T11:00", durationMinutes: 30, title: "Moved" };

beforeAll(async () => {
  agentId = (await seedMember(t.db, t.org.id, { name: "Agent A" })).userId;
  await c.connect(agentId, ACCOUNT);
  const colleague = await seedMember(t.db, t.org.id, { name: "Colleague B" });
  const admin = await seedMember(t.db, t.org.id, { role: "admin", name: "Admin" });
  colleagueToken = (await seedOAuthToken(t.db, { organizationId: t.org.id, userId: colleague.userId })).token;
  adminToken = (await seedOAuthToken(t.db, { organizationId: t.org.id, userId: admin.userId })).token;
  ownToken = (await seedOAuthToken(t.db, { organizationId: t.org.id, userId: agentId })).token;
  privateEventId = c.google.addEvent(ACCOUNT, {
    summary: "Doctor (private)",
    start: { dateTime: "2026-12-02T09:00:00-05:00" },
    end: { dateTime: "2026-12-02T10:00:00-05:00" },
  }).id;
  const lead = await seedLead(t.db, t.org.id, { firstName: "Lucía", email: "lucia@example.test" });
  const created = await call("/calendar/events", {
    method: "POST",
    json: { userId: agentId, leadId: lead.id, startAt: "2026-12-03T10:30", durationMinutes: 45 },
  });
  expect(created.status).toBe(201);
  crmEventId = created.body.event.id;
});

const ids = (body: Body) => (body.events as { id: string }[]).map((event) => event.id).sort();

describe("a member naming a colleague (H1)", () => {
  it("is refused on every event call, by OAuth token and by session, and Google is not touched", async () => {
    const before = c.google.requests.length;
    const list = await call(`/calendar/events?${range}&userId=${agentId}`, { token: colleagueToken });
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe("FORBIDDEN");
    const patch = await call(`/calendar/events/${privateEventId}`, { token: colleagueToken, method: "PATCH", json: { userId: agentId, ...reschedule } });
    expect(patch.status).toBe(403);
    const remove = await call(`/calendar/events/${privateEventId}?userId=${agentId}`, { token: colleagueToken, method: "DELETE" });
    expect(remove.status).toBe(403);
    const lead = await seedLead(t.db, t.org.id);
    const create = await call("/calendar/events", {
      token: colleagueToken,
      method: "POST",
      json: { userId: agentId, leadId: lead.id, startAt: "2026-12-04T10:30", durationMinutes: 30 },
    });
    expect(create.status).toBe(403);
    expect(c.google.requests.length).toBe(before);

    const memberSession = await sessionCookie({ userId: (await seedMember(t.db, t.org.id)).userId, organizationId: t.org.id });
    const byCookie = await callTrpc(t.server, "calendar.events", {
      cookie: memberSession,
      input: { userId: agentId, timeMin: "2026-12-01T00:00:00-05:00", timeMax: "2026-12-08T00:00:00-05:00" },
    });
    expect(byCookie.status).toBe(403);
    const events = c.google.events(ACCOUNT).filter((event) => event.status !== "cancelled");
    expect(events.find((event) => event.id === privateEventId)?.summary).toBe("Doctor (private)");
  });
});

describe("an owner or admin naming a colleague (H1)", () => {
  it("lists only the events inmo created on that calendar", async () => {
    const list = await call(`/calendar/events?${range}&userId=${agentId}`, { token: adminToken });
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([crmEventId]);
    const owner = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
    const byCookie = await callTrpc(t.server, "calendar.events", {
      cookie: owner,
      input: { userId: agentId, timeMin: "2026-12-01T00:00:00-05:00", timeMax: "2026-12-08T00:00:00-05:00" },
    });
    expect(byCookie.status).toBe(200);
    expect(ids(((await byCookie.json()) as Body).result.data)).toEqual([crmEventId]);
  });

  it("cannot change or delete a private event (403, unchanged at Google), but can reschedule and cancel inmo's", async () => {
    const patch = await call(`/calendar/events/${privateEventId}`, { token: adminToken, method: "PATCH", json: { userId: agentId, ...reschedule } });
    expect(patch.status).toBe(403);
    expect(patch.body.error.code).toBe("FORBIDDEN");
    const remove = await call(`/calendar/events/${privateEventId}?userId=${agentId}`, { token: adminToken, method: "DELETE" });
    expect(remove.status).toBe(403);
    const still = c.google.events(ACCOUNT).find((event) => event.id === privateEventId)!;
    expect(still).toMatchObject({ status: "confirmed", summary: "Doctor (private)" });

    const moved = await call(`/calendar/events/${crmEventId}`, { token: adminToken, method: "PATCH", json: { userId: agentId, ...reschedule } });
    expect(moved.status).toBe(200);
    expect(moved.body.event).toMatchObject({ id: crmEventId, title: "Moved", start: "2026-12-03T11:00:00-05:00" });
  });
});

describe("one's own calendar, and the organization's API key", () => {
  it("the person's own token (with or without userId) and an API key see every event", async () => {
    const own = await call(`/calendar/events?${range}`, { token: ownToken });
    expect(ids(own.body)).toEqual([crmEventId, privateEventId].sort());
    const ownNamed = await call(`/calendar/events?${range}&userId=${agentId}`, { token: ownToken });
    expect(ids(ownNamed.body)).toEqual([crmEventId, privateEventId].sort());
    const key = await call(`/calendar/events?${range}&userId=${agentId}`);
    expect(ids(key.body)).toEqual([crmEventId, privateEventId].sort());
  });

  it("an admin deletes inmo's event on a colleague's calendar", async () => {
    const removed = await call(`/calendar/events/${crmEventId}?userId=${agentId}`, { token: adminToken, method: "DELETE" });
    expect(removed).toEqual({ status: 200, body: { success: true } });
    expect(c.google.events(ACCOUNT).find((event) => event.id === crmEventId)?.status).toBe("cancelled");
  });
});

describe("event ids (L3)", () => {
  it("answers 400 VALIDATION_ERROR for ids outside Google's alphabet, before Google is called", async () => {
    const before = c.google.requests.length;
    // A literal `..` segment is resolved by URL parsing before any door sees it; its encoded forms inside an id are not.
    for (const id of ["abcde%2F..", "%2E%2E%2Fx", "ABCDEF", "abcd", "abcde%2Fx", "abcde_x", "abcdw", "a".repeat(1025)]) {
      const patch = await call(`/calendar/events/${id}`, { token: ownToken, method: "PATCH", json: reschedule });
      expect(patch.status, id).toBe(400);
      expect(patch.body.error.code, id).toBe("VALIDATION_ERROR");
      const remove = await call(`/calendar/events/${id}`, { token: ownToken, method: "DELETE" });
      expect(remove.status, id).toBe(400);
      expect(remove.body.error.code, id).toBe("VALIDATION_ERROR");
    }
    const cookie = await sessionCookie({ userId: agentId, organizationId: t.org.id });
    for (const eventId of ["..", "../../users/me", "abcde/..", "abcde?x=1"]) {
      const byCookie = await callTrpc(t.server, "calendar.deleteEvent", { cookie, mutation: true, input: { eventId } });
      expect(byCookie.status, eventId).toBe(400);
    }
    expect(c.google.requests.length).toBe(before);
  });

  it("accepts Google's ids and the ids of recurring instances", async () => {
    const recurring = c.google.addEvent(ACCOUNT, {
      summary: "Weekly",
      start: { dateTime: "2026-12-01T08:00:00-05:00", timeZone: "America/New_York" },
      end: { dateTime: "2026-12-01T08:30:00-05:00", timeZone: "America/New_York" },
      recurrence: ["RRULE:FREQ=DAILY;COUNT=3"],
    });
    const listed = await call(`/calendar/events?${range}`, { token: ownToken });
    const instance = (listed.body.events as { id: string }[]).find((event) => event.id.startsWith(`${recurring.id}_`))!;
    expect(instance.id).toMatch(/^[a-v0-9]+_\d{8}T\d{6}Z$/);
    const removed = await call(`/calendar/events/${instance.id}`, { token: ownToken, method: "DELETE" });
    expect(removed.status).toBe(200);
  });
});
