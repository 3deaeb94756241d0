/**
 * What a lead is looking for (extension of the lead): every criterion is
 * optional and an absent one does not narrow. Stored on the lead as given
 * (`Lead.interest`); the database keeps a typed copy for matching
 * (`LeadInterest`, by trigger).
 */
export const INTEREST_OPERATIONS = ["sale", "rent"] as const;
export type InterestOperation = (typeof INTEREST_OPERATIONS)[number];

export interface LeadInterest {
  operation: InterestOperation | null;
  /** In `currency`; a budget always names its currency. */
  budgetMin: number | null;
  budgetMax: number | null;
  /** ISO 4217, uppercase; required with a budget. */
  currency: string | null;
  minBedrooms: number | null;
  minBathrooms: number | null;
  /** Square meters. */
  minArea: number | null;
  /** Cities or zones, compared with a project's city and state (case and accents ignored). */
  cities: string[];
  /** Unit types, compared with a unit's type (else its project's), case ignored. */
  unitTypes: string[];
  /** Projects (`prj_…`) of the organization. */
  projectIds: string[];
}

export const INTEREST_LIMITS = {
  listItems: 20,
  projectIds: 50,
  place: 100,
  unitType: 100,
  bedrooms: 100,
  bathrooms: 100,
  area: 9_999_999_999.99,
  budget: 999_999_999_999.99,
} as const;

/** An interest that names no criterion says nothing: it is stored as null. */
export function normalizeInterest(interest: LeadInterest | null): LeadInterest | null {
  if (interest === null) return null;
  const { cities, unitTypes, projectIds, ...scalars } = interest;
  const named = Object.values(scalars).some((value) => value !== null) || cities.length + unitTypes.length + projectIds.length > 0;
  return named ? interest : null;
}

/** Consent to receive offers (extension): who said yes or no, when, and through what. */
export interface OffersConsent {
  consented: boolean;
  /** ISO 8601 timestamp. */
  at: string;
  /** Where it was given: `form`, `whatsapp`, `call`, … (free text). */
  source: string;
}

/** As a request gives it: `at` may be left to the service (the time of the write). */
export type OffersConsentInput = Omit<OffersConsent, "at"> & { at?: string };

/**
 * The consent to store: an explicit `at` is kept; without one, a repeated
 * answer (same consent and source) keeps its original time and a new one is
 * dated now.
 */
export function mergeOffersConsent(before: OffersConsent | null, given: OffersConsentInput | null, now: Date): OffersConsent | null {
  if (given === null) return null;
  if (given.at !== undefined) return { consented: given.consented, at: given.at, source: given.source };
  if (before && before.consented === given.consented && before.source === given.source) return before;
  return { consented: given.consented, at: now.toISOString(), source: given.source };
}
