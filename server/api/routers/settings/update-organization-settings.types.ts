import { z } from "zod";
import { currencySchema } from "../../schemas/field-schemas";
import { isSupportedCountry } from "../../../phones/phone-number";
import { timezoneSchema } from "../../../organizations/create-organization";
import { organizationSettingsSchema } from "./organization-settings.types";
import { workingHoursSchema } from "../../../leads/first-touch/working-hours";

export const updateOrganizationSettingsInput = z.object({
  name: z.string().trim().min(1, "enter a name").max(200, "at most 200 characters"),
  timezone: timezoneSchema.nullable(),
  locale: z.enum(["en", "es"]),
  currency: currencySchema
    .optional()
    .describe("ISO 4217 code of the currency lead values are in (the dashboard shows every value and every sum with it); changing it converts nothing. Omitted: unchanged."),
  defaultCountry: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isSupportedCountry, "validation.country")
    .nullable()
    .optional()
    .describe("Country that phone numbers written without + belong to (ISO 3166-1 alpha-2); null: only international numbers. Omitted: unchanged."),
  leadVisibility: z
    .enum(["all", "own"])
    .optional()
    .describe("Which leads members see: `all` of the organization's, or `own` (assigned to them, their pools' unassigned ones, their team's when they lead one). Omitted: unchanged."),
  firstTouchMinutes: z.number().int().min(1).max(1440).optional().describe("First-touch deadline in minutes of working time, 1..1440. Omitted: unchanged."),
  businessHours: workingHoursSchema.nullable().optional().describe("Business hours; null: none. Omitted: unchanged."),
  duplicatePolicy: z
    .enum(["off", "suggest", "auto_merge"])
    .optional()
    .describe("What a new lead that looks like an existing one does: `off`, `suggest` (candidates shown on the lead page) or `auto_merge` (merged into the lead with the same phone or e-mail; undoable). Omitted: unchanged."),
});

export const updateOrganizationSettingsOutput = organizationSettingsSchema;
