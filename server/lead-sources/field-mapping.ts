import type { LeadBody } from "../leads/lead-body";
import { LEAD_LIMITS } from "../leads/lead-limits";

/** Where one form question's answer goes on the lead. `fullName` is split into first and last name; `customFields` keeps it under the question's key. */
export const MAPPING_TARGETS = [
  "fullName",
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "jobTitle",
  "city",
  "state",
  "country",
  "notes",
  "customFields",
  "ignore",
] as const;
export type MappingTarget = (typeof MAPPING_TARGETS)[number];
export type FieldMapping = Record<string, MappingTarget>;

/**
 * Meta's standard questions (the keys its prefilled form fields carry in
 * `field_data`) and where they land unless the page's mapping says otherwise;
 * any other question (a custom one) lands in `customFields` under its key.
 */
export const DEFAULT_FIELD_MAPPING: FieldMapping = {
  full_name: "fullName",
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  work_email: "email",
  phone_number: "phone",
  work_phone_number: "phone",
  company_name: "company",
  job_title: "jobTitle",
  city: "city",
  state: "state",
  province: "state",
  country: "country",
};

export function targetOf(mapping: FieldMapping, question: string): MappingTarget {
  return mapping[question] ?? DEFAULT_FIELD_MAPPING[question] ?? "customFields";
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const clip = (value: string, max: number) => value.slice(0, max);

/**
 * A form's answers as lead fields, by the mapping: text trimmed and cut to
 * the lead's bounds, an answer that is not a valid e-mail address or phone
 * number kept in `customFields` under its question instead of refusing the
 * lead (a person who filled in a form is a lead whatever they typed), the
 * first answer of a question mapped twice winning.
 */
export function mapAnswers(answers: readonly { name: string; values: readonly string[] }[], mapping: FieldMapping): LeadBody {
  const body: LeadBody = {};
  const custom: Record<string, string> = {};
  const set = (field: keyof LeadBody, value: string) => {
    if (body[field] === undefined) (body as Record<string, unknown>)[field] = value;
  };
  for (const { name, values } of answers) {
    const value = values.map((v) => v.trim()).filter(Boolean).join(", ");
    if (value === "") continue;
    const target = targetOf(mapping, name);
    switch (target) {
      case "ignore":
        break;
      case "fullName": {
        const [first, ...rest] = value.split(/\s+/);
        set("firstName", clip(first!, LEAD_LIMITS.name));
        if (rest.length > 0) set("lastName", clip(rest.join(" "), LEAD_LIMITS.name));
        break;
      }
      case "email":
        if (EMAIL.test(value) && value.length <= LEAD_LIMITS.email) set("email", value.toLowerCase());
        else custom[name] = clip(value, LEAD_LIMITS.customFieldStringValue);
        break;
      case "phone": {
        const digits = value.replace(/\D+/g, "").length;
        if (digits >= LEAD_LIMITS.phoneMinDigits && digits <= LEAD_LIMITS.phoneMaxDigits && value.length <= LEAD_LIMITS.phone) set("phone", value);
        else custom[name] = clip(value, LEAD_LIMITS.customFieldStringValue);
        break;
      }
      case "firstName":
      case "lastName":
        set(target, clip(value, LEAD_LIMITS.name));
        break;
      case "company":
      case "jobTitle":
        set(target, clip(value, LEAD_LIMITS.company));
        break;
      case "city":
      case "state":
      case "country":
        set(target, clip(value, LEAD_LIMITS.place));
        break;
      case "notes":
        set("notes", clip(value, LEAD_LIMITS.notes));
        break;
      case "customFields":
        if (Object.keys(custom).length < LEAD_LIMITS.customFieldsMaxKeys) custom[clip(name, LEAD_LIMITS.customFieldKey)] = clip(value, LEAD_LIMITS.customFieldStringValue);
        break;
    }
  }
  if (Object.keys(custom).length > 0) body.customFields = custom;
  return body;
}
