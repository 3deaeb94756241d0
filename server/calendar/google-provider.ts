import { exchangeGoogleCode, googleAuthorizationUrl, refreshGoogleToken, revokeGoogleToken } from "./google-oauth";
import type { GoogleSettings } from "./google-settings";
import {
  AccessTokenRejected,
  EventNotFound,
  ProviderUnavailable,

  type CalendarEventInput,
  type CalendarEventView,
  type CalendarProvider,
} from "./provider";

/** The fields of Google's Event resource we read. */
interface GoogleEvent {
  id: string;
  summary?: string;
  description?: string;
  location?: string;
  htmlLink?: string;
  start?: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
  attendees?: { email?: string }[];
}

export const UNTITLED_EVENT = "(sin título)";

export function toEventView(event: GoogleEvent): CalendarEventView {
  const allDay = Boolean(event.start?.date && !event.start.dateTime);
  const attendees = (event.attendees ?? []).map((a) => a.email).filter((email): email is string => Boolean(email));
  return {
    id: event.id,
    title: event.summary?.trim() ? event.summary : UNTITLED_EVENT,
    ...(event.description ? { description: event.description } : {}),
    start: (allDay ? event.start?.date : event.start?.dateTime) ?? "",
    end: (allDay ? event.end?.date : event.end?.dateTime) ?? "",
    allDay,
    ...(event.location ? { location: event.location } : {}),
    ...(event.htmlLink ? { htmlLink: event.htmlLink } : {}),
    ...(attendees.length > 0 ? { attendees } : {}),
  };
}

const PAGE_LIMIT = 20; // 250 events a page: 5,000 events in one range is already far beyond a person's calendar

export function createGoogleProvider(settings: GoogleSettings): CalendarProvider {
  const eventsUrl = `${settings.calendarBaseUrl}/calendar/v3/calendars/primary/events`;

  async function call(accessToken: string, method: string, url: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: "application/json",
          ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
    }
    if (response.status === 401) throw new AccessTokenRejected("Google refused the access token");
    if (response.status === 429 || response.status >= 500) throw new ProviderUnavailable(`Google answered ${response.status}`);
    return response;
  }

  async function expectEvent(response: Response): Promise<CalendarEventView> {
    if (response.status === 404 || response.status === 410) throw new EventNotFound();
    if (!response.ok) throw new ProviderUnavailable(`Google answered ${response.status}: ${await response.text()}`);
    return toEventView((await response.json()) as GoogleEvent);
  }

  const times = (e: { start: string; end: string; timeZone: string }) => ({
    start: { dateTime: e.start, timeZone: e.timeZone },
    end: { dateTime: e.end, timeZone: e.timeZone },
  });

  return {
    id: "google",
    authorizationUrl: (p) => googleAuthorizationUrl(settings, p),
    async exchangeCode(p) {
      const tokens = await exchangeGoogleCode(settings, p);
      // The primary calendar's id is the account's address: no extra (openid/email) scope needed.
      const response = await call(tokens.accessToken, "GET", `${settings.calendarBaseUrl}/calendar/v3/calendars/primary`);
      if (!response.ok) throw new ProviderUnavailable(`Google answered ${response.status} reading the primary calendar`);
      const calendar = (await response.json()) as { id?: string };
      return { ...tokens, accountEmail: calendar.id ?? "" };
    },
    refresh: (refreshToken) => refreshGoogleToken(settings, refreshToken),
    revoke: (token) => revokeGoogleToken(settings, token),

    async listEvents(accessToken, q) {
      const events: CalendarEventView[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < PAGE_LIMIT; page++) {
        const url = new URL(eventsUrl);
        url.searchParams.set("singleEvents", "true"); // recurring series expanded into instances
        url.searchParams.set("orderBy", "startTime");
        url.searchParams.set("timeMin", q.timeMin);
        url.searchParams.set("timeMax", q.timeMax);
        url.searchParams.set("timeZone", q.timeZone);
        url.searchParams.set("maxResults", "250");
        if (pageToken) url.searchParams.set("pageToken", pageToken);
        const response = await call(accessToken, "GET", url.toString());
        if (!response.ok) throw new ProviderUnavailable(`Google answered ${response.status}: ${await response.text()}`);
        const body = (await response.json()) as { items?: GoogleEvent[]; nextPageToken?: string };
        for (const item of body.items ?? []) events.push(toEventView(item));
        pageToken = body.nextPageToken;
        if (!pageToken) break;
      }
      return events;
    },

    async createEvent(accessToken, e: CalendarEventInput, link) {
      const response = await call(accessToken, "POST", `${eventsUrl}?sendUpdates=all`, {
        summary: e.title,
        ...(e.description ? { description: e.description } : {}),
        ...times(e),
        attendees: e.attendees.map((email) => ({ email })),
        // Lets a later two-way sync recognise the events inmo created.
        extendedProperties: { private: { inmoLeadId: link.leadId } },
      });
      if (response.status === 404) throw new ProviderUnavailable("Google did not find the primary calendar");
      return expectEvent(response);
    },

    async patchEvent(accessToken, id, e) {
      // `attendees` is never sent, so Google keeps them; sendUpdates tells them about the new time.
      const response = await call(accessToken, "PATCH", `${eventsUrl}/${encodeURIComponent(id)}?sendUpdates=all`, {
        summary: e.title,
        ...(e.description !== undefined ? { description: e.description } : {}),
        ...times(e),
      });
      return expectEvent(response);
    },

    async deleteEvent(accessToken, id) {
      const response = await call(accessToken, "DELETE", `${eventsUrl}/${encodeURIComponent(id)}?sendUpdates=all`);
      if (response.ok || response.status === 404 || response.status === 410) return;
      throw new ProviderUnavailable(`Google answered ${response.status}: ${await response.text()}`);
    },
  };
}

