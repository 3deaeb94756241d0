import { z } from "zod";
import { workingHoursSchema } from "../../../leads/first-touch/working-hours";

export const organizationSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  timezone: z.string().nullable(),
  locale: z.enum(["en", "es"]),
  currency: z.string().describe("ISO 4217 code of the currency lead values (`estimatedValue`) are in; leads carry no currency of their own"),
  defaultCountry: z.string().nullable(),
  leadVisibility: z.enum(["all", "own"]),
  firstTouchMinutes: z.number().int().describe("First-touch deadline in minutes of working time (a pool may set its own)"),
  businessHours: workingHoursSchema.nullable().describe("Business hours: members without hours of their own work these; null: the first-touch clock never pauses"),
  duplicatePolicy: z.enum(["off", "suggest", "auto_merge"]),
});
