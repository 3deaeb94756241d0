import type { $ZodIssue } from "zod/v4/core";
import { isMessageKey, translate, type Locale, type MessageKey, type MessageParams } from "./messages";

/** One refused field of a request the domain checked (a rule no schema can state): `path: reason`. */
export interface ValidationIssue {
  path: string;
  reason: MessageKey;
  params?: MessageParams;
}

/** Who reads a reason: developers at the REST door (schema wording, English), people in the dashboard (their language). */
export type ReasonAudience = { kind: "developer" } | { kind: "person"; locale: Locale };

function describedForPeople(issue: $ZodIssue): { key: MessageKey; params?: MessageParams } | null {
  switch (issue.code) {
    case "invalid_type": {
      if (/received undefined/.test(issue.message)) return { key: "validation.required" };
      const byType: Record<string, MessageKey> = {
        number: "validation.mustBeNumber",
        int: "validation.mustBeWholeNumber",
        string: "validation.mustBeText",
        boolean: "validation.mustBeTrueOrFalse",
        array: "validation.mustBeList",
        object: "validation.mustBeObject",
      };
      return { key: byType[issue.expected] ?? "validation.wrongType" };
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? { key: "validation.notEmpty" } : { key: "validation.atLeastCharacters", params: { min } };
      if (issue.origin === "array" || issue.origin === "set") return { key: "validation.atLeastItems", params: { min } };
      return { key: issue.inclusive === false ? "validation.moreThan" : "validation.atLeast", params: { min } };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return { key: "validation.atMostCharacters", params: { max } };
      if (issue.origin === "array" || issue.origin === "set") return { key: "validation.atMostItems", params: { max } };
      return { key: issue.inclusive === false ? "validation.lessThan" : "validation.atMost", params: { max } };
    }
    case "invalid_format": {
      const byFormat: Record<string, MessageKey> = {
        email: "validation.email",
        url: "validation.url",
        uuid: "validation.id",
        guid: "validation.id",
        datetime: "validation.dateTime",
        date: "validation.date",
      };
      return { key: byFormat[issue.format] ?? "validation.invalidFormat" };
    }
    case "invalid_value":
      return { key: "validation.oneOf", params: { values: issue.values.map(String).join(", ") } };
    case "not_multiple_of":
      return { key: "validation.multipleOf", params: { step: Number(issue.divisor) } };
    case "unrecognized_keys":
      return { key: "validation.unknownFields", params: { keys: issue.keys.join(", ") } };
    default:
      return null;
  }
}

/**
 * Why a schema refused a field. A reason the schema names by key
 * (`validation.…`, with the issue's `params`) is translated; otherwise a
 * developer gets zod's wording and a person a sentence in their language
 * made from the issue's code and bounds ("at most 200 characters").
 */
export function reasonOfIssue(issue: $ZodIssue, audience: ReasonAudience): string {
  const locale = audience.kind === "person" ? audience.locale : "en";
  if (isMessageKey(issue.message)) {
    const params = "params" in issue && issue.params ? (issue.params as MessageParams) : {};
    return translate(issue.message, locale, params);
  }
  if (audience.kind === "developer") return issue.message;
  const described = describedForPeople(issue);
  return described ? translate(described.key, locale, described.params) : issue.message;
}

export function pathOfIssue(issue: { path: readonly PropertyKey[] }): string {
  return issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
}

export function reasonOfValidationIssue(issue: ValidationIssue, audience: ReasonAudience): string {
  return translate(issue.reason, audience.kind === "person" ? audience.locale : "en", issue.params);
}
