import { z } from "zod";
import { idSchema } from "../../../ids";
import { NUMBER_LIMITS, TEXT_LIMITS, UNIT_PHOTOS_MAX, UNIT_STATUSES } from "../../../projects/catalog-values";
import { httpsUrl, optionalText, requiredText, wholeNumber } from "../../schemas/field-schemas";

const price = wholeNumber(NUMBER_LIMITS.unitPrice);
const area = wholeNumber(NUMBER_LIMITS.int32);
const photos = z
  .array(httpsUrl(TEXT_LIMITS.imageUrl))
  .max(UNIT_PHOTOS_MAX, `at most ${UNIT_PHOTOS_MAX} photos`)
  .refine((urls) => new Set(urls).size === urls.length, "validation.duplicateValues");

/** Fields of a unit on create (also the items of `units[]` on project create). */
export const unitCreateFields = {
  name: requiredText(TEXT_LIMITS.unitName).describe(`Required, 1..${TEXT_LIMITS.unitName} characters`),
  price: price.describe("Required whole number, zero or more, in the project's currency"),
  type: optionalText(TEXT_LIMITS.unitType).nullable().optional().describe(`Free text, at most ${TEXT_LIMITS.unitType} characters`),
  area: area.nullable().optional().describe("Whole square meters"),
  status: z.enum(UNIT_STATUSES).optional().describe("available (default), reserved or sold"),
  photos: photos
    .optional()
    .describe(`Extension: the unit's photos, absolute https URLs, at most ${UNIT_PHOTOS_MAX}, no repeats, in the order its sheet shows them; default none`),
};

/** Fields of a unit on update: all optional; null clears `type` and `area`; `name`, `price` and `status` cannot be null. */
export const unitUpdateFields = {
  name: requiredText(TEXT_LIMITS.unitName).optional().describe(`1..${TEXT_LIMITS.unitName} characters; cannot be null`),
  price: price.optional().describe("Whole number, zero or more; cannot be null"),
  type: optionalText(TEXT_LIMITS.unitType).nullable().optional().describe("null clears it"),
  area: area.nullable().optional().describe("Whole square meters; null clears it"),
  status: z.enum(UNIT_STATUSES).optional().describe("available, reserved or sold; cannot be null"),
  photos: photos.optional().describe("Extension: replaces the unit's photos (https URLs, at most 10); `[]` removes them all"),
  leadId: idSchema("lead")
    .nullable()
    .optional()
    .describe(
      "Extension: the lead (`lead_…`) who reserves or buys the unit, a lead of the organization the caller sees; only " +
        "when the unit is (or is being set) `reserved` or `sold` (otherwise 400 `VALIDATION_ERROR`); a lead the caller does not see is 404 `NOT_FOUND`. Setting the unit " +
        "back to `available` releases it and clears this. Recorded on the lead's timeline",
    ),
};
