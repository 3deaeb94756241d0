import { Temporal } from "temporal-polyfill";

/**
 * Business hours as pure functions over epoch milliseconds: the one rule for
 * "is it open now, and when does it next open" that sequences (their own
 * window), the first-touch clock and sending matched units (the
 * organization's hours) all use. Local times are resolved with Temporal in
 * the given IANA zone with
 * `disambiguation: "compatible"`: a window opening at a time that does not
 * exist (spring forward) opens at the first instant after the gap, and one
 * at a time that happens twice (fall back) opens at the earlier one.
 */

export interface OpenWindow {
  /** Epoch ms the window of that local day opens and closes (close exclusive). */
  opensAt: number;
  closesAt: number;
}

/** A daily window on some ISO weekdays (Mon=1..Sun=7), HH:MM local in `timezone`, the end exclusive and later than the start. */
export interface BusinessHours {
  businessHoursStart: string;
  businessHoursEnd: string;
  timezone: string;
  weekdays: readonly number[];
}

type Hours = BusinessHours;

function localInstant(date: Temporal.PlainDate, hhmm: string, timeZone: string): number {
  const [hour, minute] = hhmm.split(":").map(Number) as [number, number];
  return date
    .toPlainDateTime({ hour, minute })
    .toZonedDateTime(timeZone, { disambiguation: "compatible" })
    .epochMilliseconds;
}

/** The window containing `atMs`, or the next one to open (within 8 local days); null when none (cannot happen with ≥1 weekday). */
export function currentOrNextWindow(atMs: number, hours: Hours): OpenWindow | null {
  const today = Temporal.Instant.fromEpochMilliseconds(atMs).toZonedDateTimeISO(hours.timezone).toPlainDate();
  for (let offset = -1; offset <= 8; offset++) {
    const date = today.add({ days: offset });
    if (!hours.weekdays.includes(date.dayOfWeek)) continue;
    const opensAt = localInstant(date, hours.businessHoursStart, hours.timezone);
    const closesAt = localInstant(date, hours.businessHoursEnd, hours.timezone);
    if (closesAt > atMs && closesAt > opensAt) return { opensAt, closesAt };
  }
  return null;
}

/** `atMs` when it is inside business hours, else the next opening. */
export function nextOpenInstant(atMs: number, hours: Hours): number | null {
  const window = currentOrNextWindow(atMs, hours);
  return window ? Math.max(atMs, window.opensAt) : null;
}

export function isInsideBusinessHours(atMs: number, hours: Hours): boolean {
  const window = currentOrNextWindow(atMs, hours);
  return window !== null && window.opensAt <= atMs && atMs < window.closesAt;
}

/** Working hours as stored on the organization or a member (`{start, end, weekdays}`), in a time zone, as business hours. */
export function hoursInZone(hours: { start: string; end: string; weekdays: readonly number[] }, timeZone: string): BusinessHours {
  return { businessHoursStart: hours.start, businessHoursEnd: hours.end, weekdays: hours.weekdays, timezone: timeZone };
}
