import { z } from "zod";

export const organizationSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  timezone: z.string().nullable(),
  locale: z.enum(["en", "es"]),
  defaultCountry: z.string().nullable(),
  leadVisibility: z.enum(["all", "own"]),
  duplicatePolicy: z.enum(["off", "suggest", "auto_merge"]),
});
