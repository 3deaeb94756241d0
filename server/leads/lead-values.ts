import type { DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import type { LeadBody } from "./lead-body";
import { canonicalPhone } from "../phones/phone-number";
import { phoneDigitsOf } from "./lead-limits";
import type { LeadRepresentation } from "./lead-representation";
import { resolveSource } from "./lead-source";
import type { ChangeSet } from "./activities/activity-representation";
import { mergeOffersConsent, normalizeInterest } from "./interest/lead-interest";

/**
 * The stored, writable state of a lead in wire form: what an update merges
 * into and diffs against. The representation minus what the service derives
 * (id, names of linked records, the assignee object, pool, timestamps, first touch).
 */
export type LeadValues = Omit<
  LeadRepresentation,
  "id" | "stageName" | "projectName" | "assignedTo" | "roundRobinId" | "createdAt" | "updatedAt" | "lastActivityAt" | "firstTouch"
>;

export const NEW_LEAD_VALUES: LeadValues = {
  firstName: null,
  lastName: null,
  email: null,
  phone: null,
  company: null,
  jobTitle: null,
  status: "new",
  source: "other",
  sourceMetadata: null,
  stageId: null,
  estimatedValue: null,
  score: null,
  temperature: null,
  notes: null,
  city: null,
  state: null,
  country: null,
  projectId: null,
  unitId: null,
  assignedToId: null,
  customFields: null,
  doNotCall: false,
  externalId: null,
  interest: null,
  offersConsent: null,
  language: null,
};

const VALUE_KEYS = Object.keys(NEW_LEAD_VALUES) as (keyof LeadValues)[];

export function valuesOf(lead: LeadRepresentation): LeadValues {
  const values = { ...NEW_LEAD_VALUES };
  for (const key of VALUE_KEYS) (values as Record<string, unknown>)[key] = lead[key];
  return values;
}

const roundToCents = (value: number) => Math.round(value * 100) / 100;

/**
 * Source and its metadata move together. A catalog value replaces an earlier
 * provided string, except when it repeats the current source: sending back
 * `other` as read must not erase the string that explains it.
 */
function mergeSource(before: LeadValues, given: string): Pick<LeadValues, "source" | "sourceMetadata"> {
  const { source, providedSource } = resolveSource(given);
  if (providedSource === null && source === before.source) {
    return { source, sourceMetadata: before.sourceMetadata };
  }
  const { providedSource: _previous, ...rest } = before.sourceMetadata ?? {};
  const metadata: Record<string, unknown> = providedSource === null ? rest : { ...rest, providedSource };
  return { source, sourceMetadata: Object.keys(metadata).length > 0 ? metadata : null };
}

/** Applies a request body to a lead's values: omitted fields keep theirs, null (or an empty string) clears. */
export function mergeLeadValues(before: LeadValues, body: LeadBody): LeadValues {
  const next: LeadValues = { ...before };
  const assign = <K extends keyof LeadValues>(key: K, value: LeadValues[K] | undefined) => {
    if (value !== undefined) next[key] = value;
  };
  assign("firstName", body.firstName);
  assign("lastName", body.lastName);
  assign("email", body.email);
  assign("phone", body.phone);
  assign("company", body.company);
  assign("jobTitle", body.jobTitle);
  assign("status", body.status);
  if (body.source !== undefined) Object.assign(next, mergeSource(before, body.source));
  assign("stageId", body.stageId);
  assign("estimatedValue", body.estimatedValue == null ? body.estimatedValue : roundToCents(body.estimatedValue));
  assign("score", body.score);
  assign("temperature", body.temperature);
  assign("notes", body.notes);
  assign("city", body.city);
  assign("state", body.state);
  assign("country", body.country);
  assign("projectId", body.projectId);
  assign("unitId", body.unitId);
  assign("assignedToId", body.assignedToId);
  assign("customFields", body.customFields);
  assign("doNotCall", body.doNotCall);
  assign("externalId", body.externalId);
  assign("language", body.language);
  if (body.interest !== undefined) next.interest = normalizeInterest(body.interest);
  if (body.offersConsent !== undefined) next.offersConsent = mergeOffersConsent(before.offersConsent, body.offersConsent, new Date());
  return next;
}

/** Key order must not make equal objects differ. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

export function diffLeadValues(before: LeadValues, after: LeadValues): ChangeSet {
  const changes: ChangeSet = {};
  for (const key of VALUE_KEYS) {
    if (canonical(before[key]) !== canonical(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

const json = (value: object | null) => (value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue));

/**
 * Column values for the fields in `keys` (all of them on create), with
 * `phoneDigits` and `phoneE164` kept in step with `phone` (national numbers
 * read in the organization's `defaultCountry`).
 */
export function toLeadColumns(values: LeadValues, keys: readonly (keyof LeadValues)[] = VALUE_KEYS, defaultCountry: string | null = null) {
  const data: Prisma.LeadUncheckedUpdateInput = {};
  for (const key of keys) {
    switch (key) {
      case "phone":
        data.phone = values.phone;
        data.phoneDigits = values.phone === null ? null : phoneDigitsOf(values.phone);
        data.phoneE164 = values.phone === null ? null : canonicalPhone(values.phone, defaultCountry);
        break;
      case "estimatedValue":
        data.estimatedValue = values.estimatedValue === null ? null : new Prisma.Decimal(values.estimatedValue.toFixed(2));
        break;
      case "sourceMetadata":
        data.sourceMetadata = json(values.sourceMetadata);
        break;
      case "customFields":
        data.customFields = json(values.customFields);
        break;
      case "interest":
        data.interest = json(values.interest);
        break;
      case "offersConsent":
        data.offersConsent = json(values.offersConsent);
        break;
      default:
        (data as Record<string, unknown>)[key] = values[key];
    }
  }
  return data;
}

/**
 * The country national phone numbers of this organization are read in
 * (Settings → Organization). Only read when `phone` is written nationally:
 * an international number, or none, needs no country (and lead writes stay one query shorter).
 */
export async function defaultCountryOf(tx: Pick<DbTx, "organization">, organizationId: string, phone: string | null): Promise<string | null> {
  if (!isNationalPhone(phone)) return null;
  const row = await tx.organization.findUnique({ where: { id: organizationId }, select: { defaultCountry: true } });
  return row?.defaultCountry ?? null;
}

/** Whether `phone` is written nationally, so that it is read in the organization's country (`defaultCountryOf`). */
export function isNationalPhone(phone: string | null): phone is string {
  return phone !== null && !/^\s*(\+|00)/.test(phone);
}
