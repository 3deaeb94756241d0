import { z } from "zod";
import { jsonBoolean, jsonNumber } from "../../schemas/json-fields";
import { idSchema } from "../../../ids";
import { interestBodySchema, offersConsentBodySchema } from "./lead-interest.types";
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_TEMPERATURES } from "../../../leads/lead-enums";
import { LEAD_LIMITS as L, phoneDigitsOf } from "../../../leads/lead-limits";

/**
 * The writable fields of a lead, shared by create (POST) and update (PUT).
 * Every field is optional; `null` clears a field on update. Text is trimmed
 * and an empty string means "no value" (stored as null), which is also how
 * the contact-identity rule counts it.
 */
const emptyToNull = (value: string): string | null => (value === "" ? null : value);

function text(max: number, description: string) {
  return z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .transform(emptyToNull)
    .nullish()
    .describe(`${description}; at most ${max} characters; an empty string or null clears it`);
}

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(L.email, `at most ${L.email} characters`)
  .refine((value) => value === "" || z.regexes.email.test(value), "validation.email")
  .transform(emptyToNull)
  .nullish()
  .describe(`Email address, stored lowercased; at most ${L.email} characters`);

const phone = z
  .string()
  .trim()
  .max(L.phone, `at most ${L.phone} characters`)
  .refine((value) => {
    if (value === "") return true;
    const digits = phoneDigitsOf(value).length;
    return digits >= L.phoneMinDigits && digits <= L.phoneMaxDigits;
  }, { message: "validation.phoneDigits", params: { min: L.phoneMinDigits, max: L.phoneMaxDigits } })
  .transform(emptyToNull)
  .nullish()
  .describe(
    `Phone number, stored as given (formatting kept) and searched by its digits only; at most ${L.phone} characters ` +
      `with ${L.phoneMinDigits} to ${L.phoneMaxDigits} digits`,
  );

const customFieldValue = z.union([z.string().max(L.customFieldStringValue), z.number(), z.boolean(), z.null()]);

const customFields = z
  .record(z.string().min(1).max(L.customFieldKey), customFieldValue)
  .refine((value) => Object.keys(value).length <= L.customFieldsMaxKeys, { message: "validation.maxKeys", params: { max: L.customFieldsMaxKeys } })
  .nullish()
  .describe(
    `Free-form key/value map, replaced as a whole on update. At most ${L.customFieldsMaxKeys} keys of 1..${L.customFieldKey} ` +
      `characters; values are strings (at most ${L.customFieldStringValue} characters), numbers, booleans or null`,
  );

export const leadBodyFields = {
  firstName: text(L.name, "First name"),
  lastName: text(L.name, "Last name"),
  email,
  phone,
  company: text(L.company, "Company"),
  jobTitle: text(L.jobTitle, "Job title"),
  status: z
    .enum(LEAD_STATUSES)
    .optional()
    .describe(
      `LeadStatus: ${LEAD_STATUSES.join(", ")}. Cannot be null. Setting it moves the lead to the stage that stands for ` +
        "it (the stage whose `systemKey` is the status); sent with a `stageId` that stands for another status: 400 " +
        "`VALIDATION_ERROR`. A value equal to the stored one counts as not sent. Default on create: the status of the " +
        "`stageId` sent, else `new`",
    ),
  source: z
    .string()
    .trim()
    .min(1)
    .max(L.source)
    .optional()
    .describe(
      `Any string of 1..${L.source} characters. A value of the lead source catalog (${LEAD_SOURCES.join(", ")}; compared ` +
        "case-insensitively) is stored as that value; any other value is stored as `other` and the string is kept in " +
        "`sourceMetadata.providedSource`. Default `other` on create; cannot be null",
    ),
  stageId: z
    .uuid()
    .nullish()
    .describe(
      "Pipeline stage id (GET /pipeline/stages) of this organization. Setting it moves the lead there and sets `status` " +
        "to the status the stage stands for. On create, when omitted (or null), the stage that stands for the lead's " +
        "status. On update, null is refused (400 `VALIDATION_ERROR`): a lead is always in a stage",
    ),
  estimatedValue: jsonNumber(z.number().min(0).max(L.estimatedValueMax))
    .nullish()
    .describe(`Estimated deal value, 0..${L.estimatedValueMax}, rounded to 2 decimals, in the organization's currency (organization settings \`currency\`)`),
  score: jsonNumber(z.number().int().min(L.scoreMin).max(L.scoreMax))
    .nullish()
    .describe(`Lead score, an integer ${L.scoreMin}..${L.scoreMax}`),
  temperature: z.enum(LEAD_TEMPERATURES).nullish().describe(`Temperature: ${LEAD_TEMPERATURES.join(", ")}`),
  notes: text(L.notes, "Free-text notes on the lead record (timeline notes are POST /leads/{leadId}/notes)"),
  city: text(L.place, "City"),
  state: text(L.place, "State or region"),
  country: text(L.place, "Country"),
  projectId: idSchema("project")
    .nullish()
    .describe("Project (`prj_…`) of this organization the lead is interested in"),
  unitId: idSchema("unit")
    .nullish()
    .describe(
      "Unit (`unit_…`) of this organization; it must belong to `projectId`. When `projectId` is not sent and the lead has " +
        "none, it is taken from the unit",
    ),
  assignedToId: z
    .uuid()
    .nullish()
    .describe("User id (`user.id` of GET /members) of the member the lead is assigned to; must be a member"),
  customFields,
  doNotCall: jsonBoolean()
    .optional()
    .describe("Extension: mark the lead do-not-call (default false); call sequences leave it out and skip it if already enrolled"),
  externalId: text(
    L.externalId,
    "Extension: the lead's id at its source (a portal's lead id, a form submission id). Unique per organization and " +
      "stored `source`: a create or update that would give a second lead of that source the same value answers " +
      "`409 CONFLICT` naming the lead that has it, so a retried delivery never makes a second lead",
  ),
  interest: interestBodySchema,
  offersConsent: offersConsentBodySchema,
  language: z
    .enum(["en", "es"])
    .nullish()
    .describe(
      "Extension: the language to write to the lead in (`en` or `es`): the instant reply uses it. null (the default) " +
        "means the organization's language (`locale` of the organization settings); never inferred from other fields",
    ),
} as const;

/** Fields an update may change (read-only fields such as `stageName` or `roundRobinId` are ignored if sent). */
export const WRITABLE_LEAD_FIELDS = Object.keys(leadBodyFields) as (keyof typeof leadBodyFields)[];
