import { Temporal } from "temporal-polyfill";
import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { googleSettings } from "../../calendar/google-settings";
import { openCalendarSession } from "../../calendar/calendar-session";
import { organizationTimeZone } from "../../calendar/wall-clock";

/**
 * Why the card shows no events: Google is not configured on this server, the
 * member has not connected a calendar, or the grant is gone and the member
 * must connect again. The card links to the profile's Calendar card then;
 * it never invents meetings.
 */
export type MeetingsState = "ok" | "not_configured" | "not_connected" | "reconnect";

export interface MyMeetings {
  state: MeetingsState;
  timeZone: string;
  /** Local dates (YYYY-MM-DD) of today and tomorrow in the calendar's zone. */
  today: string;
  tomorrow: string;
  events: { id: string; title: string; start: string; end: string; allDay: boolean; htmlLink?: string }[];
}

/**
 * My meetings today and tomorrow: the member's primary calendar at Google
 * (the Calendar page's listing, through the same session: token refresh,
 * reconnect marking), from local midnight today to local midnight after
 * tomorrow in the calendar's zone (the organization's, America/Panama when
 * unset, as the Calendar page shows times). Events live at Google only, so
 * this is one provider call, not SQL.
 */
export async function myMeetings({ db, principal }: DomainContext, now = new Date()): Promise<MyMeetings> {
  const timeZone = organizationTimeZone(principal.organization.timezone);
  const start = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).startOfDay();
  const end = start.add({ days: 2 });
  const base = {
    timeZone,
    today: start.toPlainDate().toString(),
    tomorrow: start.add({ days: 1 }).toPlainDate().toString(),
    events: [],
  };
  if (!googleSettings()) return { ...base, state: "not_configured" };
  if (!principal.userId) return { ...base, state: "not_connected" };
  const connection = await db.calendarConnection.findFirst({
    where: { organizationId: principal.organizationId, userId: principal.userId, provider: "google" },
    select: { status: true },
  });
  if (!connection) return { ...base, state: "not_connected" };
  if (connection.status !== "active") return { ...base, state: "reconnect" };
  const format = (t: Temporal.ZonedDateTime) => t.toString({ timeZoneName: "never", smallestUnit: "second" });
  try {
    const session = await openCalendarSession(db, principal.organizationId, principal.userId);
    const events = await session.run((token) =>
      session.provider.listEvents(token, { timeMin: format(start), timeMax: format(end), timeZone }),
    );
    return {
      ...base,
      state: "ok",
      events: events.map((e) => ({ id: e.id, title: e.title, start: e.start, end: e.end, allDay: e.allDay, ...(e.htmlLink ? { htmlLink: e.htmlLink } : {}) })),
    };
  } catch (error) {
    // The session answers 403 when the grant turned out to be revoked (and marks the connection).
    if (error instanceof ApiError && error.code === "FORBIDDEN") return { ...base, state: "reconnect" };
    throw error;
  }
}
