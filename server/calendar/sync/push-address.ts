import { config } from "../../config/config";

/** Where Google posts push notifications for our channels (outside /api/v1: it is Google's protocol, not our API). */
export const CALENDAR_PUSH_PATH = "/api/integrations/google/calendar/notifications";

/**
 * The HTTPS address Google can reach, or null: Google only delivers push
 * notifications to HTTPS addresses with a valid certificate, so without one
 * (a local install, `http://` origins) the calendar is kept in step by the
 * scheduled sync alone. `GOOGLE_CALENDAR_PUSH_URL` overrides the address made
 * from NEXTAUTH_URL (a proxy in front of the app, or a test's receiver).
 */
export function calendarPushAddress(): string | null {
  const { GOOGLE_CALENDAR_PUSH_URL, NEXTAUTH_URL } = config();
  const candidate = GOOGLE_CALENDAR_PUSH_URL ?? (NEXTAUTH_URL ? new URL(CALENDAR_PUSH_PATH, NEXTAUTH_URL).toString() : null);
  return candidate && candidate.startsWith("https://") ? candidate : null;
}
