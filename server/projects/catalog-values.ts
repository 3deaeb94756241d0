/**
 * The vocabulary of the real-estate catalog. The contract names the project
 * and unit statuses; project `type` and `operationType` values are ours (the
 * contract leaves them open) and are kept small so that filters and reports
 * mean the same thing in every organization.
 */
export const PROJECT_TYPES = ["apartment", "house", "land", "commercial", "office", "mixed"] as const;
export const OPERATION_TYPES = ["sale", "rent", "sale_and_rent"] as const;
export const PROJECT_STATUSES = ["draft", "published", "archived"] as const;
export const UNIT_STATUSES = ["available", "reserved", "sold"] as const;

export type ProjectType = (typeof PROJECT_TYPES)[number];
export type OperationType = (typeof OPERATION_TYPES)[number];
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export const DEFAULT_CURRENCY = "USD";

/** Length bounds of free-text fields (characters, after trimming). */
/** A unit's photos: enough for a sheet's strip, few enough to load on a phone. */
export const UNIT_PHOTOS_MAX = 10;

export const TEXT_LIMITS = {
  projectName: 200,
  shortText: 200,
  address: 500,
  description: 10_000,
  imageUrl: 2048,
  unitName: 255,
  unitType: 100,
} as const;

/** Initial units accepted in one `POST /projects`; more go through `POST /projects/{projectId}/units`. */
export const MAX_INITIAL_UNITS = 500;

/** Upper bounds that keep each number inside its column and exact as a JSON number. */
export const NUMBER_LIMITS = {
  /** Decimal(14, 2) */
  price: 999_999_999_999.99,
  /** Decimal(12, 2) */
  area: 9_999_999_999.99,
  /** Decimal(4, 1) */
  bathrooms: 999.9,
  /** PostgreSQL integer */
  int32: 2_147_483_647,
  /** Unit prices are BigInt in the database but travel as JSON numbers: stay exact. */
  unitPrice: Number.MAX_SAFE_INTEGER,
} as const;
