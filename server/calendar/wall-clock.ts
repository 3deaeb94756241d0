import { Temporal } from "temporal-polyfill";

/** The spec's default when the organization has no zone configured. */
export const DEFAULT_CALENDAR_TIMEZONE = "America/Panama";

export function organizationTimeZone(configured: string | null | undefined): string {
  return configured?.trim() || DEFAULT_CALENDAR_TIMEZONE;
}

/** `YYYY-MM-DDTHH:mm`, a local wall-clock time without offset, as the spec's `startAt`. */
export const WALL_CLOCK = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

export function isValidWallClock(value: string): boolean {
  if (!WALL_CLOCK.test(value)) return false;
  try {
    Temporal.PlainDateTime.from(value, { overflow: "reject" });
    return true;
  } catch {
    return false;
  }
}

/**
 * A wall-clock time in `timeZone` and the end `durationMinutes` later, as ISO
 * 8601 with the offset in force at each instant. A time that does not exist
 * (skipped by a DST jump) moves forward by the gap; an ambiguous one (repeated
 * when clocks go back) takes the earlier instant: Temporal's "compatible",
 * what Google Calendar and most calendars do.
 */
export function meetingInterval(startAt: string, durationMinutes: number, timeZone: string): { start: string; end: string } {
  const start = Temporal.PlainDateTime.from(startAt).toZonedDateTime(timeZone, { disambiguation: "compatible" });
  const end = start.add({ minutes: durationMinutes });
  const format = (t: Temporal.ZonedDateTime) => t.toString({ timeZoneName: "never", smallestUnit: "second" });
  return { start: format(start), end: format(end) };
}
