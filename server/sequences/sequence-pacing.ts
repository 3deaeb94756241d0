import { nextOpenInstant } from "../organizations/business-hours";
import type { SequenceThrottle } from "./sequence-values";

/** GCRA pacing of a sequence's dispatches inside its business hours (server/organizations/business-hours.ts), over epoch milliseconds. */

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
