import { describe, expect, it } from "vitest";
import { isInsideBusinessHours, nextOpenInstant } from "../../server/organizations/business-hours";
import { planSlots } from "../../server/sequences/sequence-pacing";

const hours = (timezone: string, start = "09:00", end = "18:00", weekdays = [1, 2, 3, 4, 5]) => ({
  maxPerMinute: 12,
  businessHoursStart: start,
  businessHoursEnd: end,
  timezone,
  weekdays,
});
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("business hours (Temporal, DST-correct)", () => {
  it("Panama, Friday 17:30 after close → Monday 09:00-05:00", () => {
    // Friday 2026-11-27 18:30 local = 23:30Z.
    expect(iso(nextOpenInstant(Date.parse("2026-11-27T23:30:00Z"), hours("America/Panama")))).toBe("2026-11-30T14:00:00.000Z");
  });

  it("inside the window → now", () => {
    const now = Date.parse("2026-11-25T15:00:00Z"); // Wednesday 10:00 in Panama
    expect(nextOpenInstant(now, hours("America/Panama"))).toBe(now);
    expect(isInsideBusinessHours(now, hours("America/Panama"))).toBe(true);
  });

  it("New York spring forward: a 02:30 opening does not exist → 03:30-04:00", () => {
    const at = nextOpenInstant(Date.parse("2027-03-14T05:00:00Z"), hours("America/New_York", "02:30", "05:00", [7]));
    expect(iso(at)).toBe("2027-03-14T07:30:00.000Z");
  });

  it("Santiago DST start: 00:00 does not exist on 2026-09-06 → 01:00-03:00", () => {
    const at = nextOpenInstant(Date.parse("2026-09-05T12:00:00Z"), hours("America/Santiago", "00:00", "06:00", [7]));
    expect(iso(at)).toBe("2026-09-06T04:00:00.000Z");
  });

  it("Madrid fall back: 02:30 happens twice → the earlier one (+02:00)", () => {
    const at = nextOpenInstant(Date.parse("2026-10-24T12:00:00Z"), hours("Europe/Madrid", "02:30", "06:00", [7]));
    expect(iso(at)).toBe("2026-10-25T00:30:00.000Z");
  });

  it("GCRA at 12/min over 30 s gives seconds 0, 5, 10, 15, 20, 25", () => {
    const now = Date.parse("2026-11-25T15:00:00Z");
    const { slots, tat } = planSlots(now, now + 30_000, null, hours("America/Panama"), 100);
    expect(slots.map((slot) => (slot - now) / 1000)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(tat).toBe(now + 30_000);
  });

  it("no slot starts after the window closes; the next window starts without a burst", () => {
    const close = Date.parse("2026-11-25T23:00:00Z"); // Wednesday 18:00 in Panama
    const { slots } = planSlots(close - 10_000, close + 86_400_000, null, hours("America/Panama"), 4);
    expect(slots.map(iso)).toEqual([
      "2026-11-25T22:59:50.000Z",
      "2026-11-25T22:59:55.000Z",
      "2026-11-26T14:00:00.000Z",
      "2026-11-26T14:00:05.000Z",
    ]);
  });
});
