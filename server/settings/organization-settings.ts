import { z } from "zod";
import type { Db } from "../db/client";
import { ApiError } from "../errors/api-error";
import { timezoneSchema } from "../organizations/create-organization";

/** Settings → Organization: the name, time zone (dates across the dashboard) and language (UI and API messages). */

export const organizationSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  timezone: z.string().nullable(),
  locale: z.enum(["en", "es"]),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

export const updateOrganizationSettingsInput = z.object({
  name: z.string().trim().min(1, "enter a name").max(200, "at most 200 characters"),
  timezone: timezoneSchema.nullable(),
  locale: z.enum(["en", "es"]),
});

const select = { id: true, name: true, slug: true, timezone: true, locale: true } as const;

export async function getOrganizationSettings(db: Db, organizationId: string): Promise<OrganizationSettings> {
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select });
  if (!organization) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Organization" });
  return organization;
}

export async function updateOrganizationSettings(
  db: Db,
  organizationId: string,
  input: z.output<typeof updateOrganizationSettingsInput>,
): Promise<OrganizationSettings> {
  return db.organization.update({ where: { id: organizationId }, data: input, select });
}
