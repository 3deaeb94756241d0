import { beforeAll, describe, expect, it } from "vitest";
import { calendarConnectionOf, disconnectCalendar } from "../../server/calendar/calendar-connection";
import { decryptSecret } from "../../server/crypto/secret-box";
import { meetingInterval } from "../../server/calendar/wall-clock";
import { seedLead, seedMember } from "../support/factories";
import { useCalendarTest } from "./support/calendar-test";
import { config, configureForTests } from "../../server/config/config";

/**
 * What Google can do to us, against the loopback fake: tokens that expire or
 * get refused (refresh, persisted), grants revoked (reconnect, 403), outages
 * (503, nothing recorded), recurring and all-day events, DST, disconnecting,
 * and Google not configured at all.
 */
const c = useCalendarTest({ organization: { timezone: "Europe/Madrid" } });
const { t } = c;

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const response = await t.server.api(path, { token: t.org.key, ...init });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}

const range = (userId: string, min: string, max: string) =>
  `/calendar/events?userId=${userId}&timeMin=${encodeURIComponent(min)}&timeMax=${encodeURIComponent(max)}`;

describe("tokens", () => {
  let userId: string;
  const account = "tokens@gmail.test";
  beforeAll(async () => {
    userId = (await seedMember(t.db, t.org.id)).userId;
    await c.connect(userId, account);
  });

  it("stores both tokens sealed, never in clear", async () => {
    const row = await t.db.calendarConnection.findFirstOrThrow({ where: { userId } });
    expect(row.accountEmail).toBe(account);
    expect(row.refreshTokenCiphertext).toMatch(/^v1\./);
    expect(decryptSecret(row.refreshTokenCiphertext)).toMatch(/^1\/\/0/);
    expect(row.accessTokenCiphertext).not.toContain("ya29.");
  });

  it("refreshes an access token Google refuses (401), once, and persists the new one", async () => {
    const before = c.google.refreshCount;
    const sealedBefore = (await t.db.calendarConnection.findFirstOrThrow({ where: { userId } })).accessTokenCiphertext;
    c.google.expireAccessTokens();
    const { status } = await call(range(userId, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"));
    expect(status).toBe(200);
    expect(c.google.refreshCount).toBe(before + 1);
    const row = await t.db.calendarConnection.findFirstOrThrow({ where: { userId } });
    expect(row.accessTokenCiphertext).not.toBe(sealedBefore);
    // The refreshed token is used as is next time: no second refresh.
    await call(range(userId, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"));
    expect(c.google.refreshCount).toBe(before + 1);
  });

  it("refreshes ahead of time when the stored token is about to expire", async () => {
    await t.db.calendarConnection.updateMany({ where: { userId }, data: { accessTokenExpiresAt: new Date(Date.now() + 10_000) } });
    const before = c.google.refreshCount;
    expect((await call(range(userId, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"))).status).toBe(200);
    expect(c.google.refreshCount).toBe(before + 1);
  });

  it("concurrent requests needing a refresh refresh once (single-flight per connection)", async () => {
    await t.db.calendarConnection.updateMany({ where: { userId }, data: { accessTokenExpiresAt: new Date(Date.now() - 1000) } });
    const before = c.google.refreshCount;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(range(userId, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(c.google.refreshCount).toBe(before + 1);
  });

  it("a 5xx or 429 from Google is 503 with Retry-After, and nothing is recorded on the lead", async () => {
    const lead = await seedLead(t.db, t.org.id);
    c.google.failNext(503, 2);
    const failed = await call("/calendar/events", { method: "POST", json: { userId, leadId: lead.id, startAt: "2026-06-01T10:00", durationMinutes: 30 } });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("30");
    expect(await t.db.leadActivity.count({ where: { leadId: lead.id, type: "meeting" } })).toBe(0);
    c.google.failNext(429);
    expect((await call(range(userId, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"))).status).toBe(503);
  });

  it("a revoked grant (invalid_grant) marks the connection reconnect_required: 403 asking to reconnect, until connected again", async () => {
    c.google.revokeAccount(account);
    const first = await call(range(userId, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"));
    expect(first.status).toBe(403);
    expect(first.body.error).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/reconnect/i) });
    expect((await calendarConnectionOf(t.db, t.org.id, userId)).connection?.status).toBe("reconnect_required");
    // No further calls to Google while it needs reconnecting.
    const calls = c.google.requests.length;
    expect((await call(`/calendar/events/abcde?userId=${userId}`, { method: "DELETE" })).status).toBe(403);
    expect(c.google.requests.length).toBe(calls);
    await c.connect(userId, account);
    expect((await call(range(userId, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"))).status).toBe(200);
  });

  it("disconnecting revokes the grant at Google and forgets the tokens", async () => {
    const other = (await seedMember(t.db, t.org.id)).userId;
    await c.connect(other, "leaving@gmail.test");
    const row = await t.db.calendarConnection.findFirstOrThrow({ where: { userId: other } });
    await disconnectCalendar(t.db, t.org.id, other);
    expect(await t.db.calendarConnection.count({ where: { userId: other } })).toBe(0);
    expect(c.google.requests.some((r) => r.method === "POST" && r.path === "/revoke")).toBe(true);
    const refresh = await fetch(`${c.google.baseUrl}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: decryptSecret(row.refreshTokenCiphertext),
        client_id: c.google.clientId,
        client_secret: c.google.clientSecret,
      }),
    });
    expect(((await refresh.json()) as Body).error).toBe("invalid_grant");
    expect((await call(range(other, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"))).status).toBe(403);
  });
});

describe("what the list shows", () => {
  let userId: string;
  const account = "list@gmail.test";
  beforeAll(async () => {
    userId = (await seedMember(t.db, t.org.id)).userId;
    await c.connect(userId, account);
    c.google.addEvent(account, {
      summary: "Weekly sync",
      start: { dateTime: "2026-10-13T09:00:00+02:00", timeZone: "Europe/Madrid" },
      end: { dateTime: "2026-10-13T09:30:00+02:00", timeZone: "Europe/Madrid" },
      recurrence: ["RRULE:FREQ=WEEKLY;COUNT=4"],
      location: "Oficina",
    });
    c.google.addEvent(account, { start: { date: "2026-10-21" }, end: { date: "2026-10-22" } });
  });

  it("expands recurring events into instances ordered by start, keeping wall-clock time across the DST change", async () => {
    const { status, body } = await call(range(userId, "2026-10-12T00:00:00+02:00", "2026-11-09T00:00:00+01:00"));
    expect(status).toBe(200);
    expect(body.events.map((e: Body) => [e.title, e.start, e.allDay])).toEqual([
      ["Weekly sync", "2026-10-13T09:00:00+02:00", false],
      ["Weekly sync", "2026-10-20T09:00:00+02:00", false],
      ["(sin título)", "2026-10-21", true],
      ["Weekly sync", "2026-10-27T09:00:00+01:00", false], // Madrid left summer time on 25 October
      ["Weekly sync", "2026-11-03T09:00:00+01:00", false],
    ]);
    const allDay = body.events[2];
    expect(allDay).toEqual({ id: expect.any(String), title: "(sin título)", start: "2026-10-21", end: "2026-10-22", allDay: true, htmlLink: expect.any(String) });
    expect(body.events[0].location).toBe("Oficina");
    expect(new Set(body.events.map((e: Body) => e.id)).size).toBe(5);
  });

  it("pages through long lists", async () => {
    for (let day = 1; day <= 28; day++) {
      for (let n = 0; n < 10; n++) {
        const start = `2027-02-${String(day).padStart(2, "0")}T${String(8 + n).padStart(2, "0")}:00:00Z`;
        c.google.addEvent(account, { summary: `e${day}-${n}`, start: { dateTime: start }, end: { dateTime: start.replace(":00:00Z", ":30:00Z") } });
      }
    }
    const { body } = await call(range(userId, "2027-02-01T00:00:00Z", "2027-03-01T00:00:00Z"));
    expect(body.events).toHaveLength(280);
    expect(c.google.requests.filter((r) => r.path.includes("pageToken=")).length).toBeGreaterThan(0);
  });
});

describe("wall-clock times", () => {
  it("adds the offset in force, moving a time skipped by DST forward and taking the earlier of a repeated one", () => {
    expect(meetingInterval("2026-03-29T02:30", 30, "Europe/Madrid")).toEqual({ start: "2026-03-29T03:30:00+02:00", end: "2026-03-29T04:00:00+02:00" });
    expect(meetingInterval("2026-10-25T02:30", 60, "Europe/Madrid")).toEqual({ start: "2026-10-25T02:30:00+02:00", end: "2026-10-25T02:30:00+01:00" });
    expect(meetingInterval("2026-12-31T23:30", 60, "America/Panama")).toEqual({ start: "2026-12-31T23:30:00-05:00", end: "2027-01-01T00:30:00-05:00" });
  });

  it("POST reads startAt in the organization's zone on a DST day", async () => {
    const userId = (await seedMember(t.db, t.org.id)).userId;
    await c.connect(userId, "dst@gmail.test");
    const lead = await seedLead(t.db, t.org.id);
    const { status, body } = await call("/calendar/events", { method: "POST", json: { userId, leadId: lead.id, startAt: "2026-10-25T01:30", durationMinutes: 120 } });
    expect(status).toBe(201);
    expect(body.event).toMatchObject({ start: "2026-10-25T01:30:00+02:00", end: "2026-10-25T02:30:00+01:00" });
  });
});

describe("Google not configured", () => {
  it("every event call answers 403 and the dashboard view says so", async () => {
    const userId = (await seedMember(t.db, t.org.id)).userId;
    await c.connect(userId, "cfg@gmail.test");
    const { GOOGLE_CLIENT_ID } = config();
    configureForTests({ GOOGLE_CLIENT_ID: undefined });
    try {
      const { status, body } = await call(range(userId, "2026-06-01T00:00:00Z", "2026-06-02T00:00:00Z"));
      expect(status).toBe(403);
      expect(body.error.message).toMatch(/not configured/);
      expect((await calendarConnectionOf(t.db, t.org.id, userId)).configured).toBe(false);
      expect((await call("/calendar/timezone")).status).toBe(200);
    } finally {
      configureForTests({ GOOGLE_CLIENT_ID });
    }
  });
});
