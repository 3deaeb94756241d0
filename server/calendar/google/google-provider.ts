import type { GoogleSettings } from "../google-settings";
import {
  AccessTokenRejected,
  EventNotFound,
  ProviderUnavailable,
  ReconnectRequired,
  SyncTokenExpired,
  type CalendarEventChange,
  type CalendarEventInput,
  type CalendarEventView,
  type CalendarProvider,
} from "../provider";
import { callPath, GOOGLE_CALENDAR_CALLS, type GoogleCalendarCall } from "./google-calls";
import { exchangeGoogleCode, googleAuthorizationUrl, refreshGoogleToken, revokeGoogleToken } from "./google-oauth";
import { inSpan, SpanKind } from "../../observability/spans";

/** The fields of Google's Event resource we read. */
interface GoogleEvent {
  id: string;
  status?: string;
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
const SYNC_PAGE_SIZE = 2500; // the most Google serves on one page
const SYNC_PAGE_LIMIT = 40; // 100,000 events: a full sync of any real calendar ends long before

/** Google's error reasons that mean "later": per-user and per-project rate and quota limits (403 or 429). */
const USAGE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded", "quotaExceeded", "dailyLimitExceeded"]);

async function reasonOf(response: Response): Promise<{ reason: string; message: string }> {
  try {
    const body = (await response.clone().json()) as { error?: { message?: string; errors?: { reason?: string }[] } };
    return { reason: body.error?.errors?.[0]?.reason ?? "", message: body.error?.message ?? "" };
  } catch {
    return { reason: "", message: "" };
  }
}

export function createGoogleProvider(settings: GoogleSettings): CalendarProvider {
  const base = `${settings.calendarBaseUrl}/calendar/v3`;

  /**
   * One Calendar API call, named from GOOGLE_CALENDAR_CALLS. 401 → refresh and
   * retry (the session does it); 403 for a missing scope → the member must
   * connect again; Google's rate and quota limits, 429 and 5xx → nothing was
   * done, retry later. Other answers are left to the caller.
   */
  function call(accessToken: string, name: GoogleCalendarCall, p: { eventId?: string; query?: URLSearchParams; body?: unknown } = {}) {
    const attributes = { "server.address": new URL(base).hostname, "http.request.method": GOOGLE_CALENDAR_CALLS[name].httpMethod };
    return inSpan(`google ${name}`, { kind: SpanKind.CLIENT, attributes }, () => callCalendar(accessToken, name, p));
  }

  async function callCalendar(accessToken: string, name: GoogleCalendarCall, p: { eventId?: string; query?: URLSearchParams; body?: unknown } = {}) {
    const url = `${base}/${callPath(name, p.eventId)}${p.query ? `?${p.query}` : ""}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: GOOGLE_CALENDAR_CALLS[name].httpMethod,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: "application/json",
          ...(p.body !== undefined ? { "Content-Type": "application/json" } : {}),
        },
        body: p.body !== undefined ? JSON.stringify(p.body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
    }
    if (response.status === 401) throw new AccessTokenRejected("Google refused the access token");
    if (response.status === 403 || response.status === 429) {
      const { reason, message } = await reasonOf(response);
      if (reason === "insufficientPermissions") throw new ReconnectRequired(`the grant lacks a scope ${GOOGLE_CALENDAR_CALLS[name].method} needs`);
      if (response.status === 429 || USAGE_LIMIT_REASONS.has(reason)) throw new ProviderUnavailable(`Google answered ${response.status} ${reason}`);
      throw new ProviderUnavailable(`Google answered 403 ${reason}: ${message}`);
    }
    if (response.status >= 500) throw new ProviderUnavailable(`Google answered ${response.status}`);
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
    exchangeCode: (p) => exchangeGoogleCode(settings, p),
    refresh: (refreshToken) => refreshGoogleToken(settings, refreshToken),
    revoke: (token) => revokeGoogleToken(settings, token),

    async listEvents(accessToken, q) {
      const events: CalendarEventView[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < PAGE_LIMIT; page++) {
        const query = new URLSearchParams({
          singleEvents: "true", // recurring series expanded into instances
          orderBy: "startTime",
          timeMin: q.timeMin,
          timeMax: q.timeMax,
          timeZone: q.timeZone,
          maxResults: "250",
        });
        if (pageToken) query.set("pageToken", pageToken);
        const response = await call(accessToken, "listEvents", { query });
        if (!response.ok) throw new ProviderUnavailable(`Google answered ${response.status}: ${await response.text()}`);
        const body = (await response.json()) as { items?: GoogleEvent[]; nextPageToken?: string };
        for (const item of body.items ?? []) events.push(toEventView(item));
        pageToken = body.nextPageToken;
        if (!pageToken) break;
      }
      return events;
    },

    async listChanges(accessToken, syncToken) {
      const changes: CalendarEventChange[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < SYNC_PAGE_LIMIT; page++) {
        // Incremental: only the token (Google refuses time bounds or ordering with it). Full: every event, deleted ones included.
        const query = new URLSearchParams({ maxResults: String(SYNC_PAGE_SIZE) });
        if (syncToken) query.set("syncToken", syncToken);
        else query.set("showDeleted", "true");
        if (pageToken) query.set("pageToken", pageToken);
        const response = await call(accessToken, "listEvents", { query });
        if (response.status === 410) throw new SyncTokenExpired("Google asked for a full sync");
        if (!response.ok) throw new ProviderUnavailable(`Google answered ${response.status}: ${await response.text()}`);
        const body = (await response.json()) as { items?: GoogleEvent[]; nextPageToken?: string; nextSyncToken?: string };
        for (const item of body.items ?? []) {
          changes.push(item.status === "cancelled" ? { id: item.id, cancelled: true, event: null } : { id: item.id, cancelled: false, event: toEventView(item) });
        }
        if (body.nextPageToken) {
          pageToken = body.nextPageToken;
          continue;
        }
        if (!body.nextSyncToken) throw new ProviderUnavailable("Google's last page carried no sync token");
        return { changes, nextSyncToken: body.nextSyncToken };
      }
      throw new ProviderUnavailable(`more than ${SYNC_PAGE_LIMIT} pages of changes`);
    },

    async createEvent(accessToken, e: CalendarEventInput, link) {
      const response = await call(accessToken, "insertEvent", {
        query: new URLSearchParams({ sendUpdates: "all" }),
        body: {
          summary: e.title,
          ...(e.description ? { description: e.description } : {}),
          ...times(e),
          attendees: e.attendees.map((email) => ({ email })),
          // Lets a later two-way sync recognise the events inmo created.
          extendedProperties: { private: { inmoLeadId: link.leadId } },
        },
      });
      if (response.status === 404) throw new ProviderUnavailable("Google did not find the primary calendar");
      return expectEvent(response);
    },

    async patchEvent(accessToken, id, e) {
      // `attendees` is never sent, so Google keeps them; sendUpdates tells them about the new time.
      const response = await call(accessToken, "patchEvent", {
        eventId: id,
        query: new URLSearchParams({ sendUpdates: "all" }),
        body: { summary: e.title, ...(e.description !== undefined ? { description: e.description } : {}), ...times(e) },
      });
      return expectEvent(response);
    },

    async deleteEvent(accessToken, id) {
      const response = await call(accessToken, "deleteEvent", { eventId: id, query: new URLSearchParams({ sendUpdates: "all" }) });
      if (response.ok || response.status === 404 || response.status === 410) return;
      throw new ProviderUnavailable(`Google answered ${response.status}: ${await response.text()}`);
    },

    async watchEvents(accessToken, channel) {
      const response = await call(accessToken, "watchEvents", {
        body: {
          id: channel.id,
          type: "web_hook",
          address: channel.address,
          token: channel.token,
          ...(channel.expiresAt ? { expiration: String(channel.expiresAt.getTime()) } : {}),
        },
      });
      if (!response.ok) throw new ProviderUnavailable(`Google answered ${response.status} to events.watch: ${await response.text()}`);
      const body = (await response.json()) as { resourceId?: string; expiration?: string };
      const expiration = Number(body.expiration);
      if (!body.resourceId || !Number.isFinite(expiration)) throw new ProviderUnavailable("Google's channel carried no resourceId or expiration");
      return { resourceId: body.resourceId, expiresAt: new Date(expiration) };
    },

    async stopChannel(accessToken, channel) {
      const response = await call(accessToken, "stopChannel", { body: { id: channel.id, resourceId: channel.resourceId } });
      // A channel Google no longer knows (expired, already stopped) is as stopped as it gets.
      if (response.ok || response.status === 404) return;
      throw new ProviderUnavailable(`Google answered ${response.status} to channels.stop`);
    },
  };
}
