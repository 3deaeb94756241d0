import { currentOrNextWindow, hoursInZone } from "../../organizations/business-hours";
import type { WorkingHours } from "./working-hours";

/**
 * Working time as pure functions over epoch milliseconds. Local days are
 * resolved with Temporal in the organization's IANA zone (the sequences'
 * business-hours functions), so a deadline that spans a DST change counts
 * the hours really worked: a stretch on a day of 23 or 25 hours is still
 * its own wall-clock start to end.
 */
/**
 * The instant `minutes` of working time after `fromMs`: the clock runs inside
 * the hours and pauses outside them, so a lead arriving after hours is due
 * at the next opening plus the minutes. Without hours the clock never pauses.
 */
export function addWorkingMinutes(fromMs: number, minutes: number, hours: WorkingHours | null, timeZone: string): number {
  let remaining = minutes * 60_000;
  if (hours === null) return fromMs + remaining;
  const business = hoursInZone(hours, timeZone);
  let t = fromMs;
  // At most a year of windows: with at least one weekday a deadline of minutes always lands within days.
  for (let guard = 0; guard < 400; guard++) {
    const window = currentOrNextWindow(t, business);
    if (window === null) break;
    const start = Math.max(t, window.opensAt);
    const available = window.closesAt - start;
    if (remaining <= available) return start + remaining;
    remaining -= available;
    t = window.closesAt;
  }
  return fromMs + minutes * 60_000;
}

/** Whether `atMs` is inside the hours (always, without hours). */
export function isWorkingAt(atMs: number, hours: WorkingHours | null, timeZone: string): boolean {
  if (hours === null) return true;
  const window = currentOrNextWindow(atMs, hoursInZone(hours, timeZone));
  return window !== null && window.opensAt <= atMs && atMs < window.closesAt;
}
