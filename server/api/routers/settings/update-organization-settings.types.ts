import { z } from "zod";
import { timezoneSchema } from "../../../organizations/create-organization";
import { organizationSettingsSchema } from "./organization-settings.types";

export const updateOrganizationSettingsInput = z.object({
  name: z.string().trim().min(1, "enter a name").max(200, "at most 200 characters"),
  timezone: timezoneSchema.nullable(),
  locale: z.enum(["en", "es"]),
});

export const updateOrganizationSettingsOutput = organizationSettingsSchema;
