import { describe, expect, it } from "vitest";
import { addWorkingMinutes, isWorkingAt } from "../../../server/leads/first-touch/working-time";

/** The first-touch clock: minutes of working time, paused outside the owner's hours, in the organization's zone. */
const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number) => new Date(ms).toISOString();
const weekdays = { start: "09:00", end: "18:00", weekdays: [1, 2, 3, 4, 5] };

describe("addWorkingMinutes", () => {
  it("counts straight through inside the hours", () => {
    // Tuesday 10:00 in Mexico City (UTC-6).
    expect(iso(addWorkingMinutes(at("2026-11-24T16:00:00Z"), 5, weekdays, "America/Mexico_City"))).toBe("2026-11-24T16:05:00.000Z");
  });

  it("a lead arriving at 21:00 is due at the next opening plus the deadline", () => {
    // Tuesday 21:00 local → Wednesday 09:05 local.
    expect(iso(addWorkingMinutes(at("2026-11-25T03:00:00Z"), 5, weekdays, "America/Mexico_City"))).toBe("2026-11-25T15:05:00.000Z");
  });

  it("pauses at closing and carries the rest into the next working day, skipping the weekend", () => {
    // Friday 17:58 local: 2 minutes on Friday, 3 on Monday from 09:00.
    expect(iso(addWorkingMinutes(at("2026-11-27T23:58:00Z"), 5, weekdays, "America/Mexico_City"))).toBe("2026-11-30T15:03:00.000Z");
  });

  it("counts wall-clock working hours across a DST change (New York, spring forward)", () => {
    // Friday 2026-03-06 20:00 EST; next opening Monday 2026-03-09 09:00 EDT (UTC-4, clocks moved on Sunday).
    expect(iso(addWorkingMinutes(at("2026-03-07T01:00:00Z"), 5, weekdays, "America/New_York"))).toBe("2026-03-09T13:05:00.000Z");
    // Before the change the same opening is UTC-5.
    expect(iso(addWorkingMinutes(at("2026-03-03T01:00:00Z"), 5, weekdays, "America/New_York"))).toBe("2026-03-03T14:05:00.000Z");
  });

  it("without hours the clock never pauses", () => {
    expect(iso(addWorkingMinutes(at("2026-11-25T03:00:00Z"), 5, null, "America/Mexico_City"))).toBe("2026-11-25T03:05:00.000Z");
  });

  it("a deadline longer than a day's hours spans days", () => {
    // Monday 17:00 local, 120 minutes: 60 on Monday, 60 on Tuesday.
    expect(iso(addWorkingMinutes(at("2026-11-23T23:00:00Z"), 120, weekdays, "America/Mexico_City"))).toBe("2026-11-24T16:00:00.000Z");
  });
});

describe("isWorkingAt", () => {
  it("is true inside the hours and false outside, the end exclusive", () => {
    expect(isWorkingAt(at("2026-11-24T16:00:00Z"), weekdays, "America/Mexico_City")).toBe(true);
    expect(isWorkingAt(at("2026-11-25T00:00:00Z"), weekdays, "America/Mexico_City")).toBe(false);
    expect(isWorkingAt(at("2026-11-28T16:00:00Z"), weekdays, "America/Mexico_City")).toBe(false);
    expect(isWorkingAt(at("2026-11-25T03:00:00Z"), null, "America/Mexico_City")).toBe(true);
  });
});
