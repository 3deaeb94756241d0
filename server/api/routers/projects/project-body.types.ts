import { z } from "zod";
import {
  MAX_INITIAL_UNITS,
  NUMBER_LIMITS,
  OPERATION_TYPES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  TEXT_LIMITS,
} from "../../../projects/catalog-values";
import {
  currencySchema,
  decimalNumber,
  optionalHttpUrl,
  optionalText,
  requiredText,
  wholeNumber,
} from "../../schemas/field-schemas";
import { unitCreateFields } from "./unit-body.types";

/**
 * Fields of a project body. Every optional attribute accepts null: on create
 * it means "not set", on update it clears the stored value. `name`, `status`
 * and `currency` always have a value, so they cannot be null.
 */
const optionalAttributes = {
  type: z.enum(PROJECT_TYPES).nullable().optional().describe(`Kind of project: ${PROJECT_TYPES.join(", ")}`),
  promotora: optionalText(TEXT_LIMITS.shortText).nullable().optional().describe("Developer (promotora) name"),
  city: optionalText(TEXT_LIMITS.shortText).nullable().optional(),
  address: optionalText(TEXT_LIMITS.address).nullable().optional(),
  description: optionalText(TEXT_LIMITS.description).nullable().optional(),
  country: optionalText(TEXT_LIMITS.shortText).nullable().optional(),
  state: optionalText(TEXT_LIMITS.shortText).nullable().optional(),
  operationType: z
    .enum(OPERATION_TYPES)
    .nullable()
    .optional()
    .describe(`What is offered: ${OPERATION_TYPES.join(", ")}`),
  salePrice: decimalNumber(NUMBER_LIMITS.price, 2).nullable().optional().describe("Sale price in the project's currency"),
  rentPrice: decimalNumber(NUMBER_LIMITS.price, 2).nullable().optional().describe("Monthly rent in the project's currency"),
  bedrooms: wholeNumber(NUMBER_LIMITS.int32).nullable().optional(),
  bathrooms: decimalNumber(NUMBER_LIMITS.bathrooms, 1).nullable().optional().describe("Halves allowed, e.g. 2.5"),
  parkingSpots: wholeNumber(NUMBER_LIMITS.int32).nullable().optional(),
  builtArea: decimalNumber(NUMBER_LIMITS.area, 2).nullable().optional().describe("Square meters"),
  lotArea: decimalNumber(NUMBER_LIMITS.area, 2).nullable().optional().describe("Square meters"),
  image: optionalHttpUrl(TEXT_LIMITS.imageUrl).nullable().optional().describe("Absolute http(s) URL of the cover image"),
};

export const createProjectFields = {
  name: requiredText(TEXT_LIMITS.projectName).describe(`Required, 1..${TEXT_LIMITS.projectName} characters`),
  ...optionalAttributes,
  currency: currencySchema
    .optional()
    .describe("ISO 4217 code (default USD); prices of the project and its units are in this currency"),
  status: z.enum(PROJECT_STATUSES).optional().describe("draft (default), published or archived"),
  units: z
    .array(z.object(unitCreateFields))
    .max(MAX_INITIAL_UNITS, `at most ${MAX_INITIAL_UNITS} units per request`)
    .optional()
    .describe("Initial units, created with the project in the same transaction"),
};

export const updateProjectFields = {
  name: requiredText(TEXT_LIMITS.projectName).optional().describe(`1..${TEXT_LIMITS.projectName} characters; cannot be null`),
  ...optionalAttributes,
  currency: currencySchema.optional().describe("ISO 4217 code; cannot be null"),
  status: z.enum(PROJECT_STATUSES).optional().describe("draft, published or archived; cannot be null"),
};

/** True when an update body names at least one field (present, even if null). */
export function namesAtLeastOneField(body: Record<string, unknown>, ignore: readonly string[]): boolean {
  return Object.entries(body).some(([key, value]) => !ignore.includes(key) && value !== undefined);
}
