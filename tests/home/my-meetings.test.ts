import { Temporal } from "temporal-polyfill";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionCaller } from "../dashboard/callers";
import { useCalendarTest } from "../calendar/support/calendar-test";
import { seedMember, seedOrganization } from "../support/factories";
import { config, configureForTests } from "../../server/config/config";

/**
 * "My meetings today and tomorrow" against the loopback Google: the window is
 * local midnight today to local midnight after tomorrow in the organization's
 * zone; without Google configured or a connected calendar the card gets a
 * state, never events.
 */
const ZONE = "America/New_York";
const c = useCalendarTest({ organization: { timezone: ZONE } });
const { t } = c;
const ACCOUNT = "meet@gmail.test";
let memberId: string;

/** An instant as Google returns it for a wall-clock time in the zone, `days` after today. */
function localAt(days: number, time: string): string {
  const day = Temporal.Now.plainDateISO(ZONE).add({ days });
  return Temporal.PlainDateTime.from(`${day.toString()}T${time}`)
    .toZonedDateTime(ZONE)
    .toString({ timeZoneName: "never", smallestUnit: "second" });
}

beforeAll(async () => {
  memberId = (await seedMember(t.db, t.org.id, { name: "Meet Member" })).userId;
});

describe("home.myMeetings", () => {
  it("says the calendar is not connected, with no events", async () => {
    const member = await sessionCaller(t.db, memberId, t.org.id);
    expect(await member.home.myMeetings({ period: "today" })).toMatchObject({ state: "not_connected", timeZone: ZONE, events: [] });
  });

  it("lists today's and tomorrow's events of the member's calendar only, in order", async () => {
    await c.connect(memberId, ACCOUNT);
    const today = Temporal.Now.plainDateISO(ZONE);
    c.google.addEvent(ACCOUNT, { summary: "Yesterday late", start: { dateTime: localAt(-1, "23:00:00") }, end: { dateTime: localAt(-1, "23:30:00") } });
    c.google.addEvent(ACCOUNT, { summary: "Tomorrow visit", start: { dateTime: localAt(1, "09:00:00") }, end: { dateTime: localAt(1, "10:00:00") } });
    c.google.addEvent(ACCOUNT, { summary: "Early call", start: { dateTime: localAt(0, "00:30:00") }, end: { dateTime: localAt(0, "01:00:00") } });
    c.google.addEvent(ACCOUNT, { summary: "Late tomorrow", start: { dateTime: localAt(1, "23:30:00") }, end: { dateTime: localAt(2, "00:15:00") } });
    c.google.addEvent(ACCOUNT, { summary: "Day after", start: { dateTime: localAt(2, "00:00:00") }, end: { dateTime: localAt(2, "01:00:00") } });
    c.google.addEvent("someone-else@gmail.test", { summary: "Not mine", start: { dateTime: localAt(0, "12:00:00") }, end: { dateTime: localAt(0, "13:00:00") } });

    const member = await sessionCaller(t.db, memberId, t.org.id);
    const view = await member.home.myMeetings({ period: "7d" });
    expect(view).toMatchObject({ state: "ok", timeZone: ZONE, today: today.toString(), tomorrow: today.add({ days: 1 }).toString() });
    expect(view.events.map((e) => e.title)).toEqual(["Early call", "Tomorrow visit", "Late tomorrow"]);
    expect(view.events[0]).toMatchObject({ allDay: false, htmlLink: expect.stringContaining("eid=") });

    // Another member of the organization, not connected, sees none of them.
    expect((await (await sessionCaller(t.db, t.org.ownerId, t.org.id)).home.myMeetings({ period: "7d" })).state).toBe("not_connected");
    // Another organization's member neither.
    const foreign = await seedOrganization(t.db, { rateLimitExempt: true });
    expect((await (await sessionCaller(t.db, foreign.ownerId, foreign.id)).home.myMeetings({ period: "7d" })).state).toBe("not_connected");
  });

  it("says reconnect when the grant is no longer active", async () => {
    await t.db.calendarConnection.updateMany({ where: { organizationId: t.org.id, userId: memberId }, data: { status: "reconnect_required" } });
    const member = await sessionCaller(t.db, memberId, t.org.id);
    expect(await member.home.myMeetings({ period: "today" })).toMatchObject({ state: "reconnect", events: [] });
  });

  it("says Google is not configured when the server has no client", async () => {
    const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = config();
    configureForTests({ GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined });
    try {
      const member = await sessionCaller(t.db, memberId, t.org.id);
      expect(await member.home.myMeetings({ period: "today" })).toMatchObject({ state: "not_configured", events: [] });
    } finally {
      configureForTests({ GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET });
    }
  });
});
