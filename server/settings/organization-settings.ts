import type { DomainContext } from "../domain-context";
import { ApiError } from "../errors/api-error";
import { rereadNationalPhones } from "../leads/reread-national-phones";
import { Prisma } from "../db/generated/client";
import { readWorkingHours, type WorkingHours } from "../leads/first-touch/working-hours";

/**
 * Settings → Organization: the name, time zone (dates across the dashboard),
 * language (UI and API messages), currency (what lead values are in), default country (national phone numbers)
 * and which leads members see (server/leads/lead-visibility.ts; read with
 * every request, so a change applies to the next one), and the first-touch
 * deadline's minutes and business hours (server/leads/first-touch/; they
 * apply to deadlines set from then on).
 */

export interface OrganizationSettings {
  id: string;
  name: string;
  slug: string | null;
  timezone: string | null;
  locale: "en" | "es";
  /** ISO 4217: what lead values are in. */
  currency: string;
  defaultCountry: string | null;
  leadVisibility: "all" | "own";
  firstTouchMinutes: number;
  businessHours: WorkingHours | null;
  duplicatePolicy: "off" | "suggest" | "auto_merge";
}

export interface OrganizationSettingsChanges {
  name: string;
  timezone: string | null;
  locale: "en" | "es";
  /** Omitted: unchanged. */
  currency?: string;
  /** Omitted: unchanged. */
  defaultCountry?: string | null;
  /** Omitted: unchanged. */
  leadVisibility?: "all" | "own";
  /** Omitted: unchanged. */
  firstTouchMinutes?: number;
  /** Omitted: unchanged; null: none (the first-touch clock never pauses for members without hours). */
  businessHours?: WorkingHours | null;
  duplicatePolicy?: "off" | "suggest" | "auto_merge";
}

const select = {
  id: true,
  name: true,
  slug: true,
  timezone: true,
  locale: true,
  currency: true,
  defaultCountry: true,
  leadVisibility: true,
  firstTouchMinutes: true,
  businessHours: true,
  duplicatePolicy: true,
} as const;

function toSettings({ businessHours, ...organization }: Prisma.OrganizationGetPayload<{ select: typeof select }>): OrganizationSettings {
  return { ...organization, businessHours: readWorkingHours(businessHours) };
}

export async function getOrganizationSettings({ db, principal }: DomainContext): Promise<OrganizationSettings> {
  const organization = await db.organization.findUnique({ where: { id: principal.organizationId }, select });
  if (!organization) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Organization" });
  return toSettings(organization);
}

export async function updateOrganizationSettings(
  { db, principal }: DomainContext,
  changes: OrganizationSettingsChanges,
): Promise<OrganizationSettings> {
  const before = await db.organization.findUnique({ where: { id: principal.organizationId }, select: { defaultCountry: true } });
  const { businessHours, ...rest } = changes;
  const data: Prisma.OrganizationUpdateInput = { ...rest };
  if (businessHours !== undefined) data.businessHours = businessHours === null ? Prisma.DbNull : { ...businessHours };
  const updated = await db.organization.update({ where: { id: principal.organizationId }, data, select });
  if (changes.defaultCountry !== undefined && before?.defaultCountry !== updated.defaultCountry) {
    await rereadNationalPhones(db, principal.organizationId, updated.defaultCountry);
  }
  return toSettings(updated);
}

/** The currency the organization's lead values are in (the dashboard formats every value with it). */
export async function organizationCurrency(db: DomainContext["db"], organizationId: string): Promise<string> {
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select: { currency: true } });
  return organization?.currency ?? "USD";
}
