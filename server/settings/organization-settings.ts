import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";

/** Settings → Organization: the name, time zone (dates across the dashboard) and language (UI and API messages). */

export interface OrganizationSettings {
  id: string;
  name: string;
  slug: string | null;
  timezone: string | null;
  locale: "en" | "es";
}

export interface OrganizationSettingsChanges {
  name: string;
  timezone: string | null;
  locale: "en" | "es";
}

const select = { id: true, name: true, slug: true, timezone: true, locale: true } as const;

export async function getOrganizationSettings({ db, principal }: DomainContext): Promise<OrganizationSettings> {
  const organization = await db.organization.findUnique({ where: { id: principal.organizationId }, select });
  if (!organization) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Organization" });
  return organization;
}

export async function updateOrganizationSettings(
  { db, principal }: DomainContext,
  changes: OrganizationSettingsChanges,
): Promise<OrganizationSettings> {
  return db.organization.update({ where: { id: principal.organizationId }, data: changes, select });
}
