import type { Db } from "../db/client";
import type { Locale } from "../i18n/messages";
import { sheetTokenHash } from "./sheet-token";

/**
 * Everything a sheet shows, and nothing more: the unit (or project) and its
 * project's public facts, never an id, another unit or anything of a lead.
 */
export interface SheetContent {
  locale: Locale;
  project: {
    name: string;
    description: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
    currency: string;
    operationType: string | null;
    bedrooms: number | null;
    bathrooms: number | null;
    /** Only an https address; anything else is left out. */
    photo: string | null;
  };
  /** Null on a project's sheet. */
  unit: { name: string; type: string | null; price: number; area: number | null; status: "available" | "reserved" | "sold"; photos: string[] } | null;
  /** A project sheet's headline price: the project's sale price, else its rent. */
  projectPrice: number | null;
  projectArea: number | null;
  /** Digits for wa.me: the organization's connected WhatsApp number, when it has one. */
  whatsAppDigits: string | null;
  /** Whether "I'm interested" was already pressed on this link. */
  interested: boolean;
}

/** The link behind a token, for the writes a sheet makes; internal, never rendered. */
export interface SheetLinkRef {
  id: string;
  organizationId: string;
  projectId: string;
  unitId: string | null;
  leadId: string | null;
  projectName: string;
  unitName: string | null;
}

export interface LoadedSheet {
  link: SheetLinkRef;
  content: SheetContent;
}

function httpsOnly(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const num = (value: { toNumber(): number } | null) => (value === null ? null : value.toNumber());

/** The live link of a token with what its sheet shows; null for an unknown, malformed or revoked token. */
export async function loadSheet(db: Db, token: string): Promise<LoadedSheet | null> {
  const tokenHash = sheetTokenHash(token);
  if (tokenHash === null) return null;
  const link = await db.sheetLink.findUnique({
    where: { tokenHash },
    include: {
      organization: { select: { locale: true } },
      project: true,
      unit: { select: { name: true, type: true, price: true, area: true, status: true, photos: true } },
    },
  });
  if (!link || link.revokedAt !== null) return null;
  const sender = await db.whatsAppSender.findFirst({
    where: { organizationId: link.organizationId, status: "connected" },
    orderBy: { createdAt: "asc" },
    select: { displayPhoneNumber: true },
  });
  const { project, unit } = link;
  return {
    link: {
      id: link.id,
      organizationId: link.organizationId,
      projectId: link.projectId,
      unitId: link.unitId,
      leadId: link.leadId,
      projectName: project.name,
      unitName: unit?.name ?? null,
    },
    content: {
      locale: link.organization.locale,
      project: {
        name: project.name,
        description: project.description,
        address: project.address,
        city: project.city,
        state: project.state,
        country: project.country,
        currency: project.currency,
        operationType: project.operationType,
        bedrooms: project.bedrooms,
        bathrooms: num(project.bathrooms),
        photo: httpsOnly(project.image),
      },
      unit: unit
        ? {
            name: unit.name,
            type: unit.type,
            price: Number(unit.price),
            area: unit.area,
            status: unit.status,
            // Checked at the door already; checked again because this page is public.
            photos: unit.photos.flatMap((url) => httpsOnly(url) ?? []),
          }
        : null,
      projectPrice: num(project.salePrice) ?? num(project.rentPrice),
      projectArea: num(project.builtArea),
      whatsAppDigits: sender ? sender.displayPhoneNumber.replace(/\D/g, "") || null : null,
      interested: link.interestedAt !== null,
    },
  };
}
