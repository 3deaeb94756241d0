/**
 * Every Calendar API method this server calls, by its id in Google's
 * discovery document. `google-provider.ts` can only call Google through this
 * list (its `call` takes one of these names), and a test checks each entry
 * against the discovery document: the HTTP method and path match, and at
 * least one scope Google accepts for it is among those the connect flow asks
 * for (google-settings.ts). A new call that the requested scopes do not
 * cover fails that test instead of failing at Google in production.
 */
export const GOOGLE_CALENDAR_CALLS = {
  listEvents: { method: "calendar.events.list", httpMethod: "GET", path: "calendars/{calendarId}/events" },
  insertEvent: { method: "calendar.events.insert", httpMethod: "POST", path: "calendars/{calendarId}/events" },
  patchEvent: { method: "calendar.events.patch", httpMethod: "PATCH", path: "calendars/{calendarId}/events/{eventId}" },
  deleteEvent: { method: "calendar.events.delete", httpMethod: "DELETE", path: "calendars/{calendarId}/events/{eventId}" },
  watchEvents: { method: "calendar.events.watch", httpMethod: "POST", path: "calendars/{calendarId}/events/watch" },
  stopChannel: { method: "calendar.channels.stop", httpMethod: "POST", path: "channels/stop" },
} as const;

export type GoogleCalendarCall = keyof typeof GOOGLE_CALENDAR_CALLS;

/** The request path under `/calendar/v3/` for a call, on the member's primary calendar. */
export function callPath(call: GoogleCalendarCall, eventId?: string): string {
  return GOOGLE_CALENDAR_CALLS[call].path
    .replace("{calendarId}", "primary")
    .replace("{eventId}", encodeURIComponent(eventId ?? ""));
}
