import { config } from "../config/config";
import { ApiError } from "../errors/api-error";

/**
 * How this server talks to Google, from the configuration (server/config):
 *
 * - `GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET`: the OAuth client (type "Web
 *   application") created in Google Cloud; without both the calendar is "not
 *   configured": the dashboard says so and every event call answers 403.
 * - `GOOGLE_OAUTH_BASE_URL`: unset means Google's real endpoints
 *   (accounts.google.com for the consent page, oauth2.googleapis.com for
 *   tokens and revocation); set (a loopback fake in tests) it serves all three
 *   under one origin: `/o/oauth2/v2/auth`, `/token`, `/revoke`.
 * - `GOOGLE_CALENDAR_BASE_URL` (default `https://www.googleapis.com`): where
 *   `/calendar/v3/…` lives.
 * - `GOOGLE_TIMEOUT_MS` (default 10,000): the longest we wait for one call.
 */
export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint: string;
  calendarBaseUrl: string;
  timeoutMs: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function googleSettings(): GoogleSettings | null {
  const settings = config();
  const clientId = settings.GOOGLE_CLIENT_ID;
  const clientSecret = settings.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const oauthBase = settings.GOOGLE_OAUTH_BASE_URL;
  return {
    clientId,
    clientSecret,
    authorizationEndpoint: oauthBase ? `${trimSlash(oauthBase)}/o/oauth2/v2/auth` : "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: oauthBase ? `${trimSlash(oauthBase)}/token` : "https://oauth2.googleapis.com/token",
    revocationEndpoint: oauthBase ? `${trimSlash(oauthBase)}/revoke` : "https://oauth2.googleapis.com/revoke",
    calendarBaseUrl: trimSlash(settings.GOOGLE_CALENDAR_BASE_URL),
    timeoutMs: settings.GOOGLE_TIMEOUT_MS,
  };
}

/** The settings, or the spec's 403 (the calendar cannot be used by any member while Google is not configured). */
export function requireGoogleSettings(): GoogleSettings {
  const settings = googleSettings();
  if (!settings) throw new ApiError("FORBIDDEN", "calendar.notConfigured");
  return settings;
}

/**
 * The scopes the connect flow asks for, the one place they are defined (the
 * README's Google section and a test that checks every Google call we make
 * against Google's discovery document both read this list):
 *
 * - `openid email`: the account's address, from the ID token's `email` claim.
 * - `calendar.events.owned`: "See, create, change, and delete events on Google
 *   calendars you own", enough for every Calendar method we call on the
 *   member's primary calendar (list, insert, patch, delete, watch) and no
 *   more: no other calendars, no sharing, no settings.
 */
export const GOOGLE_CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.events.owned";
export const GOOGLE_SCOPES = ["openid", "email", GOOGLE_CALENDAR_SCOPE] as const;

/**
 * Grants that also cover every call we make: a member connected before the
 * scope was narrowed holds `calendar.events`, which Google accepts for the same methods.
 */
export const CALENDAR_SCOPES_ACCEPTED = [GOOGLE_CALENDAR_SCOPE, "https://www.googleapis.com/auth/calendar.events"] as const;
