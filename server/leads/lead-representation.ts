import type { Prisma } from "../db/generated/client";
import type { Locale } from "../i18n/messages";
import { stageDisplayName } from "../pipeline/stage-name";
import type { LeadInterest, OffersConsent } from "./interest/lead-interest";
import type { LeadSource, LeadStatus, LeadTemperature } from "./lead-enums";

/** What every lead read loads besides the row: the names the contract shows read-only. */
export const leadInclude = {
  stage: { select: { name: true, systemKey: true } },
  project: { select: { name: true } },
  assignedTo: { select: { id: true, name: true, email: true, image: true } },
} as const satisfies Prisma.LeadInclude;

/** A lead row with its names, as Prisma's `include` or an SQL read gives it; the search columns are never shown. */
export type LeadRow = Omit<Prisma.LeadGetPayload<{ include: typeof leadInclude }>, "searchText" | "searchName" | "emailKey" | "nameKey">;

export interface UserSummary {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export type CustomFields = Record<string, string | number | boolean | null>;

/** The lead as the API shows it (GET /leads/{leadId}, list items, webhook `data.lead`). */
export interface LeadRepresentation {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  jobTitle: string | null;
  status: LeadStatus;
  source: LeadSource;
  sourceMetadata: Record<string, unknown> | null;
  stageId: string | null;
  stageName: string | null;
  estimatedValue: number | null;
  score: number | null;
  temperature: LeadTemperature | null;
  notes: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  projectId: string | null;
  projectName: string | null;
  unitId: string | null;
  assignedToId: string | null;
  assignedTo: UserSummary | null;
  customFields: CustomFields | null;
  /** Extension: never called by call sequences (left out of audiences, skipped at dispatch). */
  doNotCall: boolean;
  /** Extension: the lead's id at its source, unique per organization and source. */
  externalId: string | null;
  /** Extension: what the lead is looking for (null: nothing known). */
  interest: LeadInterest | null;
  /** Extension: consent to receive offers (null: never asked). */
  offersConsent: OffersConsent | null;
  /** Extension: the language to write to the lead in (null: the organization's). */
  language: Locale | null;
  roundRobinId: string | null;
  createdAt: string;
  updatedAt: string;
  /** The newest timeline entry's time (kept by a database trigger). */
  lastActivityAt: string;
  /** Extension: the first-touch deadline (server/leads/first-touch/). */
  firstTouch: FirstTouch;
}

/** When the owner must first reach out by, when they did, and when the current deadline was missed; null when not so. */
export interface FirstTouch {
  dueAt: string | null;
  touchedAt: string | null;
  breachedAt: string | null;
}

const isoOrNull = (at: Date | null) => (at === null ? null : at.toISOString());

function asObject<T>(value: Prisma.JsonValue | null): T | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as T) : null;
}

/** The lead as the API shows it, with its stage's name in `locale` (the organization's: a default stage has no stored name). */
export function toLeadRepresentation(row: LeadRow, locale: Locale): LeadRepresentation {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    jobTitle: row.jobTitle,
    status: row.status,
    source: row.source,
    sourceMetadata: asObject<Record<string, unknown>>(row.sourceMetadata),
    stageId: row.stageId,
    stageName: row.stage ? stageDisplayName(row.stage, locale) : null,
    // Decimal(14,2) in the database, a JSON number on the wire: 14 significant digits fit a double exactly.
    estimatedValue: row.estimatedValue === null ? null : row.estimatedValue.toNumber(),
    score: row.score,
    temperature: row.temperature,
    notes: row.notes,
    city: row.city,
    state: row.state,
    country: row.country,
    projectId: row.projectId,
    projectName: row.project?.name ?? null,
    unitId: row.unitId,
    assignedToId: row.assignedToId,
    assignedTo: row.assignedTo,
    customFields: asObject<CustomFields>(row.customFields),
    doNotCall: row.doNotCall,
    externalId: row.externalId,
    interest: asObject<LeadInterest>(row.interest),
    offersConsent: asObject<OffersConsent>(row.offersConsent),
    language: row.language,
    roundRobinId: row.roundRobinId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    firstTouch: { dueAt: isoOrNull(row.firstTouchDueAt), touchedAt: isoOrNull(row.firstTouchAt), breachedAt: isoOrNull(row.firstTouchBreachedAt) },
  };
}
