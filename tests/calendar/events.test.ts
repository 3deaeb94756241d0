import { beforeAll, describe, expect, it } from "vitest";
import { seedLead, seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { useCalendarTest } from "./support/calendar-test";

/**
 * The five calendar endpoints over real HTTP against the loopback Google:
 * member resolution, the connection's 403, lead checks, create/patch/delete
 * effects on the calendar and on the lead's timeline.
 */
const c = useCalendarTest({ organization: { timezone: "America/New_York" }, observeEvents: true });
const { t } = c;
let memberId: string;
const ACCOUNT = "ana@gmail.test";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const response = await t.server.api(path, { token: t.org.key, ...init });
  return { status: response.status, body: (await response.json()) as Body };
}

beforeAll(async () => {
  memberId = (await seedMember(t.db, t.org.id, { name: "Ana Agent" })).userId;
  await c.connect(memberId, ACCOUNT);
});

describe("GET /calendar/timezone", () => {
  it("answers the organization's zone, and America/Panama when none is configured", async () => {
    expect(await call("/calendar/timezone")).toEqual({ status: 200, body: { timezone: "America/New_York" } });
    const bare = await seedOrganization(t.db, { rateLimitExempt: true });
    expect((await call("/calendar/timezone", { token: bare.key })).body).toEqual({ timezone: "America/Panama" });
  });
});

describe("member resolution", () => {
  const range = "timeMin=2026-12-01T00:00:00-05:00&timeMax=2026-12-02T00:00:00-05:00";

  it("an API key must name the member: 400 BAD_REQUEST without userId", async () => {
    const { status, body } = await call(`/calendar/events?${range}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("BAD_REQUEST");
  });

  it("validation comes before member resolution: 400 VALIDATION_ERROR for a range without offset", async () => {
    for (const query of ["timeMin=2026-12-01T00:00:00&timeMax=2026-12-02T00:00:00Z", "timeMax=2026-12-02T00:00:00Z", "timeMin=tomorrow&timeMax=2026-12-02T00:00:00Z"]) {
      const { status, body } = await call(`/calendar/events?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("a userId that is not a member (another organization's, or not a uuid) is 404 INVALID_MEMBER", async () => {
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    for (const userId of [other.ownerId, "nobody"]) {
      const { status, body } = await call(`/calendar/events?${range}&userId=${userId}`);
      expect(status).toBe(404);
      expect(body.error.code).toBe("INVALID_MEMBER");
    }
  });

  it("a member without a connected calendar gets 403 FORBIDDEN asking to reconnect", async () => {
    const unconnected = await seedMember(t.db, t.org.id);
    const { status, body } = await call(`/calendar/events?${range}&userId=${unconnected.userId}`);
    expect(status).toBe(403);
    expect(body.error.code).toBe("FORBIDDEN");
    expect(body.error.message).toMatch(/reconnect|connect/i);
  });

  it("an OAuth token defaults to its owner", async () => {
    const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: memberId });
    const { status, body } = await call(`/calendar/events?${range}`, { token });
    expect(status).toBe(200);
    expect(body).toEqual({ events: [] });
  });

  it("the scope is checked first: a key without calendar:read gets 403 even without userId", async () => {
    const { seedApiKey } = await import("../support/factories");
    const { key } = await seedApiKey(t.db, t.org.id, { scopes: ["leads:read"] });
    const { status, body } = await call(`/calendar/events?timeMin=x`, { token: key });
    expect(status).toBe(403);
    expect(body.error.code).toBe("FORBIDDEN");
  });
});

describe("creating, rescheduling and cancelling a meeting", () => {
  it("creates the event in the organization's zone with the lead invited, and logs a meeting on the lead", async () => {
    const lead = await seedLead(t.db, t.org.id, { firstName: "Lucía", lastName: "Pérez", email: "lucia@example.test" });
    const { status, body } = await call("/calendar/events", {
      method: "POST",
      json: { userId: memberId, leadId: lead.id, startAt: "2026-12-03T10:30", durationMinutes: 45, description: "Visita al piso" },
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      event: {
        id: expect.any(String),
        title: "Reunión con Lucía Pérez",
        description: "Visita al piso",
        start: "2026-12-03T10:30:00-05:00",
        end: "2026-12-03T11:15:00-05:00",
        allDay: false,
        htmlLink: expect.stringContaining("https://"),
        attendees: ["lucia@example.test"],
      },
      activityId: expect.stringMatching(/^act_/),
    });
    const stored = c.google.events(ACCOUNT).find((e) => e.id === body.event.id)!;
    expect(stored.start).toEqual({ dateTime: "2026-12-03T10:30:00-05:00", timeZone: "America/New_York" });
    expect(c.google.invitations.at(-1)).toEqual({ account: ACCOUNT, eventId: body.event.id, to: ["lucia@example.test"], kind: "created" });

    const timeline = await call(`/leads/${lead.id}/activities?type=meeting`);
    expect(timeline.body.data).toHaveLength(1);
    expect(timeline.body.data[0]).toMatchObject({ id: body.activityId, type: "meeting", content: "Visita al piso" });
    const events = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.communication_logged" } });
    const logged = events.map((e) => JSON.parse(e.body) as Body).find((e) => e.data.communication.id === body.activityId);
    expect(logged?.data.communication).toMatchObject({ type: "meeting", direction: "outbound", calendarEventId: body.event.id });

    // Reschedule: attendees kept, the note kept when no description is sent, the activity follows the new time.
    const patched = await call(`/calendar/events/${body.event.id}`, {
      method: "PATCH",
      json: { userId: memberId, startAt: "2026-12-04T09:00", durationMinutes: 30, title: "Visita reprogramada" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.event).toMatchObject({
      id: body.event.id,
      title: "Visita reprogramada",
      description: "Visita al piso",
      start: "2026-12-04T09:00:00-05:00",
      end: "2026-12-04T09:30:00-05:00",
      attendees: ["lucia@example.test"],
    });
    const link = await t.db.calendarEventLink.findFirstOrThrow({ where: { organizationId: t.org.id, externalEventId: body.event.id } });
    expect(link).toMatchObject({ leadId: lead.id, userId: memberId, activityId: body.activityId, title: "Visita reprogramada" });
    expect(link.startAt?.toISOString()).toBe("2026-12-04T14:00:00.000Z");
    const activity = await t.db.leadActivity.findUniqueOrThrow({ where: { id: body.activityId } });
    expect(activity.createdAt.toISOString()).toBe("2026-12-04T14:00:00.000Z");
    expect(activity.content).toBe("Visita al piso");

    await call(`/calendar/events/${body.event.id}`, {
      method: "PATCH",
      json: { userId: memberId, startAt: "2026-12-04T09:00", durationMinutes: 30, title: "Visita", description: "Nueva nota" },
    });
    expect((await t.db.leadActivity.findUniqueOrThrow({ where: { id: body.activityId } })).content).toBe("Nueva nota");

    // Cancel: gone from the calendar and the timeline; a second delete still succeeds.
    const removed = await call(`/calendar/events/${body.event.id}?userId=${memberId}`, { method: "DELETE" });
    expect(removed).toEqual({ status: 200, body: { success: true } });
    expect(await t.db.leadActivity.findUnique({ where: { id: body.activityId } })).toBeNull();
    expect(await t.db.calendarEventLink.count({ where: { externalEventId: body.event.id } })).toBe(0);
    expect((await call(`/calendar/events/${body.event.id}?userId=${memberId}`, { method: "DELETE" })).body).toEqual({ success: true });
  });

  it("checks bounds and the lead: 400 VALIDATION_ERROR, then 404 NOT_FOUND for another organization's lead", async () => {
    const lead = await seedLead(t.db, t.org.id);
    const base = { userId: memberId, leadId: lead.id, startAt: "2026-12-03T10:30", durationMinutes: 30 };
    for (const bad of [
      { durationMinutes: 4 },
      { durationMinutes: 601 },
      { durationMinutes: 30.5 },
      { startAt: "2026-12-03T10:30:00-05:00" },
      { startAt: "2026-02-30T10:30" },
      { title: "" },
      { title: "x".repeat(301) },
      { description: "x".repeat(5001) },
      { leadId: "not-a-lead" },
    ]) {
      const { status, body } = await call("/calendar/events", { method: "POST", json: { ...base, ...bad } });
      expect(status, JSON.stringify(bad)).toBe(400);
      expect(body.error.code).toBe("VALIDATION_ERROR");
    }
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const foreign = await seedLead(t.db, other.id);
    const { status, body } = await call("/calendar/events", { method: "POST", json: { ...base, leadId: foreign.id } });
    expect(status).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
    const noUser = await call("/calendar/events", { method: "POST", json: { ...base, userId: undefined } });
    expect(noUser.body.error.code).toBe("BAD_REQUEST");
  });

  it("PATCH requires title, startAt and duration; an unknown event is 404", async () => {
    const missing = await call("/calendar/events/abc123", { method: "PATCH", json: { userId: memberId, startAt: "2026-12-04T09:00", durationMinutes: 30 } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("VALIDATION_ERROR");
    const unknown = await call("/calendar/events/abc123", { method: "PATCH", json: { userId: memberId, startAt: "2026-12-04T09:00", durationMinutes: 30, title: "x" } });
    expect(unknown.status).toBe(404);
  });

  it("a lead without e-mail gets no attendee; a title may be given", async () => {
    const lead = await seedLead(t.db, t.org.id, { email: undefined, firstName: "Sin", phone: "+507 6000-0000" });
    await t.db.lead.update({ where: { id: lead.id }, data: { email: null } });
    const { status, body } = await call("/calendar/events", {
      method: "POST",
      json: { userId: memberId, leadId: lead.id, startAt: "2026-12-05T08:00", durationMinutes: 600, title: "Firma" },
    });
    expect(status).toBe(201);
    expect(body.event.title).toBe("Firma");
    expect(body.event.attendees).toBeUndefined();
    expect(body.event.description).toBeUndefined();
  });
});
