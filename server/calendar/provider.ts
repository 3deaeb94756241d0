/**
 * What inmo needs from a calendar provider, whatever it is. The one real
 * implementation is Google (google/google-provider.ts) on plain `fetch` and
 * oauth4webapi; tests run it against a loopback fake of Google's own protocol
 * (tests/fakes/google-calendar.ts). Nothing outside the provider knows
 * Google's shapes, so Microsoft Graph could be added by implementing this.
 */
export type CalendarProviderId = "google";

export interface ProviderTokens {
  accessToken: string;
  expiresAt: Date;
  /** Returned on the first exchange; some providers rotate it on refresh. */
  refreshToken?: string;
  scopes: string[];
}

/** An event to write: times are ISO 8601 with offset; `timeZone` is the IANA zone they were chosen in. */
export interface CalendarEventInput {
  title: string;
  description?: string;
  start: string;
  end: string;
  timeZone: string;
  attendees: string[];
}

/** The spec's Calendar event representation (optional fields absent when empty). */
export interface CalendarEventView {
  id: string;
  title: string;
  description?: string;
  start: string;
  end: string;
  allDay: boolean;
  location?: string;
  htmlLink?: string;
  attendees?: string[];
}

/** The grant is gone (revoked, expired, unused for months): the member must connect again. */
export class ReconnectRequired extends Error {
  override name = "ReconnectRequired";
}

/** The provider could not be reached, throttled us or failed with a 5xx: nothing was done; safe to retry. */
export class ProviderUnavailable extends Error {
  override name = "ProviderUnavailable";
}

/** The access token was refused (401): refresh it and try once more. */
export class AccessTokenRejected extends Error {
  override name = "AccessTokenRejected";
}

/** The member granted the sign-in but not the calendar (Google's consent screen lets them untick it). */
export class MissingCalendarScope extends Error {
  override name = "MissingCalendarScope";
}

/** Google invalidated the sync token (410 fullSyncRequired): forget it and list everything again. */
export class SyncTokenExpired extends Error {
  override name = "SyncTokenExpired";
}

/** The event does not exist on the member's calendar (or no longer does). */
export class EventNotFound extends Error {
  override name = "EventNotFound";
}

/** What the authorization request needs and the callback must check (kept in a short-lived cookie between them). */
export interface PendingAuthorization {
  state: string;
  codeVerifier: string;
}

/** An event as a sync reports it: changed (with its new state) or cancelled (deleted) in the calendar. */
export type CalendarEventChange = { id: string; cancelled: false; event: CalendarEventView } | { id: string; cancelled: true; event: null };

export interface CalendarProvider {
  readonly id: CalendarProviderId;
  authorizationUrl(p: { state: string; codeVerifier: string; redirectUri: string; loginHint?: string }): Promise<URL>;
  /** Exchanges the callback's code (checking `state`) and reads which account was connected. */
  exchangeCode(p: { callbackUrl: URL; pending: PendingAuthorization; redirectUri: string }): Promise<
    ProviderTokens & { refreshToken: string; accountEmail: string }
  >;
  /** Throws ReconnectRequired when the provider answers `invalid_grant`. */
  refresh(refreshToken: string): Promise<ProviderTokens>;
  revoke(token: string): Promise<void>;
  /** Recurring events expanded into instances, ordered by start; times shown in `timeZone`. */
  listEvents(accessToken: string, q: { timeMin: string; timeMax: string; timeZone: string }): Promise<CalendarEventView[]>;
  /** Creates the event and sends invitations to its attendees. */
  createEvent(accessToken: string, e: CalendarEventInput, link: { leadId: string }): Promise<CalendarEventView>;
  /** Changes title, times and (when given) description; attendees are kept and notified. */
  patchEvent(accessToken: string, id: string, e: Omit<CalendarEventInput, "attendees">): Promise<CalendarEventView>;
  /** An event already gone counts as deleted. */
  deleteEvent(accessToken: string, id: string): Promise<void>;
  /**
   * The primary calendar's events changed since `syncToken` (incremental), or
   * every event with the deleted ones (full sync, no token), and the token for
   * next time. Throws SyncTokenExpired when the provider wants a full sync.
   */
  listChanges(accessToken: string, syncToken: string | null): Promise<{ changes: CalendarEventChange[]; nextSyncToken: string }>;
  /** Opens a push channel: the provider POSTs to `address` (HTTPS) with `token` when the primary calendar's events change. */
  watchEvents(accessToken: string, channel: { id: string; address: string; token: string; expiresAt?: Date }): Promise<{ resourceId: string; expiresAt: Date }>;
  /** Closes a push channel (one already gone counts as closed). */
  stopChannel(accessToken: string, channel: { id: string; resourceId: string }): Promise<void>;
}
