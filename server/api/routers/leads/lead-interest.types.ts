import { z } from "zod";
import { idSchema } from "../../../ids";
import { INTEREST_LIMITS as L, INTEREST_OPERATIONS } from "../../../leads/interest/lead-interest";
import { currencySchema, decimalNumber, wholeNumber } from "../../schemas/field-schemas";
import { jsonBoolean } from "../../schemas/json-fields";
import { timestampSchema } from "../../schemas/timestamp";

/** Wire schemas of a lead's interest and offers consent (extensions of the lead body and representation). */

const listOf = (item: z.ZodType<string>, max: number, description: string) =>
  z
    .array(item)
    .max(max, `at most ${max} items`)
    .optional()
    .transform((items) => [...new Set(items ?? [])])
    .describe(`${description}; at most ${max}; omitted means any`);

const placeText = z.string().trim().min(1, "must not be empty").max(L.place, `at most ${L.place} characters`);

export const interestBodySchema = z
  .object({
    operation: z.enum(INTEREST_OPERATIONS).nullish().transform((v) => v ?? null).describe("`sale` or `rent`; omitted or null: either"),
    budgetMin: decimalNumber(L.budget, 2).nullish().transform((v) => v ?? null).describe("Lowest price, in `currency`, inclusive"),
    budgetMax: decimalNumber(L.budget, 2).nullish().transform((v) => v ?? null).describe("Highest price, in `currency`, inclusive"),
    currency: currencySchema
      .nullish()
      .transform((v) => v ?? null)
      .describe("ISO 4217 code of the budget; required when a budget is given. A budget only matches units priced in this currency"),
    minBedrooms: wholeNumber(L.bedrooms).nullish().transform((v) => v ?? null).describe(`At least this many bedrooms, 0..${L.bedrooms}`),
    minBathrooms: decimalNumber(L.bathrooms, 1).nullish().transform((v) => v ?? null).describe("At least this many bathrooms (halves allowed)"),
    minArea: decimalNumber(L.area, 2).nullish().transform((v) => v ?? null).describe("At least this area, square meters"),
    cities: listOf(placeText, L.listItems, "Cities or zones, compared with the project's city and state (case and accents ignored)"),
    unitTypes: listOf(
      z.string().trim().min(1, "must not be empty").max(L.unitType, `at most ${L.unitType} characters`),
      L.listItems,
      "Unit types (e.g. `apartment`, `penthouse`), compared with the unit's type, else the project's (case ignored)",
    ),
    projectIds: listOf(idSchema("project"), L.projectIds, "Projects (`prj_…`) of this organization"),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.budgetMin !== null || value.budgetMax !== null) && value.currency === null) {
      ctx.addIssue({ code: "custom", path: ["currency"], message: "validation.budgetCurrency" });
    }
    if (value.budgetMin !== null && value.budgetMax !== null && value.budgetMin > value.budgetMax) {
      ctx.addIssue({ code: "custom", path: ["budgetMax"], message: "validation.budgetOrder" });
    }
  })
  .nullish()
  .describe(
    "Extension: what the lead is looking for; replaced as a whole on update, null clears it. Every criterion is optional " +
      "and an omitted one does not narrow; an object naming no criterion is stored as null. Read by " +
      "`GET /leads/{leadId}/matches` and `GET /projects/{projectId}/units/{unitId}/matches`",
  );

export const offersConsentBodySchema = z
  .object({
    consented: jsonBoolean().describe("True: the lead agreed to receive offers; false: refused or withdrew"),
    source: z.string().trim().min(1, "must not be empty").max(100, "at most 100 characters").describe("Where it was given: `form`, `whatsapp`, `call`, …"),
    at: z.iso
      .datetime({ offset: true })
      .transform((value) => new Date(value).toISOString())
      .optional()
      .describe("When it was given; default: the time of the write (kept when the same answer is sent again)"),
  })
  .strict()
  .nullish()
  .describe("Extension: consent to receive offers (units sent by WhatsApp or e-mail go only to leads who consented); null clears it");

export const interestSchema = z
  .object({
    operation: z.enum(INTEREST_OPERATIONS).nullable(),
    budgetMin: z.number().nullable(),
    budgetMax: z.number().nullable(),
    currency: z.string().nullable(),
    minBedrooms: z.number().int().nullable(),
    minBathrooms: z.number().nullable(),
    minArea: z.number().nullable(),
    cities: z.array(z.string()),
    unitTypes: z.array(z.string()),
    projectIds: z.array(z.string()),
  })
  .nullable()
  .describe("Extension: what the lead is looking for (see the request body); null when nothing is known");

export const offersConsentSchema = z
  .object({ consented: z.boolean(), at: timestampSchema, source: z.string() })
  .nullable()
  .describe("Extension: consent to receive offers, with when and where it was given; null when never asked");
