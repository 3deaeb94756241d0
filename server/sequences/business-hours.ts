import { Temporal } from "temporal-polyfill";
import type { SequenceThrottle } from "./sequence-values";

/**
 * Business hours and GCRA pacing as pure functions over epoch milliseconds.
 * Local times are resolved with Temporal in the sequence's IANA zone with
 * `disambiguation: "compatible"`: a window opening at a time that does not
 * exist (spring forward) opens at the first instant after the gap, and one
 * at a time that happens twice (fall back) opens at the earlier one.
 */

export interface OpenWindow {
  /** Epoch ms the window of that local day opens and closes (close exclusive). */
  opensAt: number;
  closesAt: number;
}

type Hours = Pick<SequenceThrottle, "businessHoursStart" | "businessHoursEnd" | "timezone" | "weekdays">;

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

/** Milliseconds between two dispatches of one sequence. */
export function emissionIntervalMs(maxPerMinute: number): number {
  return 60_000 / maxPerMinute;
}

export interface PlannedSlots {
  /** Epoch ms of each slot, ascending; every one inside business hours and before `untilMs`. */
  slots: number[];
  /** The new theoretical arrival time: the earliest the following slot may be. */
  tat: number;
}

/**
 * GCRA with burst 1 (one slot every `60 s / maxPerMinute`), only inside
 * business hours: slots from `max(tat, now)` up to `untilMs` (exclusive),
 * at most `limit`. A slot that would fall after a window closes moves to the
 * next opening, which also resets the pacing (no burst at the opening).
 */
export function planSlots(nowMs: number, untilMs: number, tatMs: number | null, throttle: SequenceThrottle, limit: number): PlannedSlots {
  const interval = emissionIntervalMs(throttle.maxPerMinute);
  let t = Math.max(tatMs ?? nowMs, nowMs);
  const slots: number[] = [];
  while (slots.length < limit) {
    const slot = nextOpenInstant(t, throttle);
    if (slot === null || slot >= untilMs) break;
    slots.push(Math.round(slot));
    t = slot + interval;
  }
  return { slots, tat: Math.round(t) };
}
