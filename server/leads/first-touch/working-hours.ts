import { z } from "zod";

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A person's (or the organization's) working hours: one stretch of each
 * listed local day, in the organization's time zone. The first-touch clock
 * runs only inside them (server/leads/first-touch/working-time.ts).
 */
export interface WorkingHours {
  /** HH:MM, local. */
  start: string;
  /** HH:MM, local, exclusive; later than `start` (overnight stretches are refused, as in sequences). */
  end: string;
  /** ISO weekdays, Mon=1..Sun=7. */
  weekdays: number[];
}

export const workingHoursSchema = z
  .object({
    start: z.string().regex(HH_MM, "validation.timeOfDay").describe("Start of the working day, HH:MM in the organization's time zone"),
    end: z.string().regex(HH_MM, "validation.timeOfDay").describe("End of the working day (exclusive), HH:MM; later than the start"),
    weekdays: z
      .array(z.number().int().min(1).max(7).pipe(z.number()))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, "validation.weekdayRepeated")
      .describe("ISO weekdays worked, Mon=1..Sun=7; 1..7 distinct entries"),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (HH_MM.test(value.start) && HH_MM.test(value.end) && value.end <= value.start) {
      ctx.addIssue({ code: "custom", path: ["end"], message: "validation.endAfterWorkStart" });
    }
  });

/** Hours as stored (a JSON column); anything that does not read as hours is no hours (the clock never pauses). */
export function readWorkingHours(stored: unknown): WorkingHours | null {
  // Most members and organizations set none: a null is no hours without a failed parse (zod builds its issues), read for every participant of every turn.
  if (stored === null || stored === undefined) return null;
  const parsed = workingHoursSchema.safeParse(stored);
  return parsed.success ? { ...parsed.data, weekdays: [...parsed.data.weekdays].sort() } : null;
}
