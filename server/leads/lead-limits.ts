/**
 * Bounds the contract leaves open, chosen so a real sales team never meets
 * them and a runaway integration cannot store megabytes per lead. Published
 * in the OpenAPI descriptions; see docs/decisions.md (Leads).
 */
export const LEAD_LIMITS = {
  name: 200, // firstName, lastName
  email: 254, // RFC 5321 path limit
  phone: 50,
  phoneMinDigits: 3,
  phoneMaxDigits: 20,
  company: 200,
  jobTitle: 200,
  place: 100, // city, state, country
  notes: 10_000,
  source: 100,
  externalId: 200,
  /** Decimal(14,2): at most 999,999,999,999.99. */
  estimatedValueMax: 999_999_999_999.99,
  scoreMin: 0,
  scoreMax: 100,
  customFieldsMaxKeys: 50,
  customFieldKey: 100,
  customFieldStringValue: 2_000,
  /** GET /leads `query`. */
  listQuery: 200,
  /** GET /leads/search `q`. */
  searchQueryMin: 2,
  searchQueryMax: 100,
  searchLimitMax: 50,
  searchLimitDefault: 10,
  activityLimitMax: 100,
  activityLimitDefault: 20,
  noteContent: 5_000,
  communicationContent: 5_000,
} as const;

/** The digits of a phone number, as stored in `phoneDigits` and compared by search. */
export function phoneDigitsOf(phone: string): string {
  return phone.replace(/\D+/g, "");
}
