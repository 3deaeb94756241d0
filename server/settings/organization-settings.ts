import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { rereadNationalPhones } from "../leads/reread-national-phones";

/**
 * Settings → Organization: the name, time zone (dates across the dashboard),
 * language (UI and API messages), default country (national phone numbers)
 * and which leads members see (server/leads/lead-visibility.ts; read with
 * every request, so a change applies to the next one).
 */

export interface OrganizationSettings {
  id: string;
  name: string;
  slug: string | null;
  timezone: string | null;
  locale: "en" | "es";
  defaultCountry: string | null;
  leadVisibility: "all" | "own";
  duplicatePolicy: "off" | "suggest" | "auto_merge";
}

export interface OrganizationSettingsChanges {
  name: string;
  timezone: string | null;
  locale: "en" | "es";
  /** Omitted: unchanged. */
  defaultCountry?: string | null;
  /** Omitted: unchanged. */
  leadVisibility?: "all" | "own";
  /** Omitted: unchanged. */
  duplicatePolicy?: "off" | "suggest" | "auto_merge";
}

const select = { id: true, name: true, slug: true, timezone: true, locale: true, defaultCountry: true, leadVisibility: true, duplicatePolicy: true } as const;

export async function getOrganizationSettings({ db, principal }: DomainContext): Promise<OrganizationSettings> {
  const organization = await db.organization.findUnique({ where: { id: principal.organizationId }, select });
  if (!organization) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Organization" });
  return organization;
}

export async function updateOrganizationSettings(
  { db, principal }: DomainContext,
  changes: OrganizationSettingsChanges,
): Promise<OrganizationSettings> {
  const before = await db.organization.findUnique({ where: { id: principal.organizationId }, select: { defaultCountry: true } });
  const updated = await db.organization.update({ where: { id: principal.organizationId }, data: changes, select });
  if (changes.defaultCountry !== undefined && before?.defaultCountry !== updated.defaultCountry) {
    await rereadNationalPhones(db, principal.organizationId, updated.defaultCountry);
  }
  return updated;
}
