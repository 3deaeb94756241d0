import { z } from "zod";
import { jsonNumber } from "./json-fields";

/**
 * Building blocks for request bodies (numbers, text, URLs, currencies).
 * Numbers go through `jsonNumber`, so a body's `true`, `""` or `[]` is
 * refused rather than coerced to 1 or 0 by the REST adapter.
 */

/** True when `value` has no more than `places` decimals. Exponent forms only appear for values with more. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const text = String(value);
  if (text.includes("e")) return false;
  const fraction = text.split(".")[1] ?? "";
  return fraction.length <= places;
}

/** A non-negative decimal with a fixed number of decimals and an upper bound (a Decimal column). */
export function decimalNumber(max: number, places: number) {
  return jsonNumber(
    z
      .number()
      .min(0, "must be zero or more")
      .max(max, `must be at most ${max}`)
      .refine((value) => hasAtMostDecimals(value, places), { message: "validation.decimals", params: { places } }),
  );
}

/** A non-negative whole number with an upper bound. */
export function wholeNumber(max: number) {
  return jsonNumber(z.number().int("must be a whole number").min(0, "must be zero or more").max(max, `must be at most ${max}`));
}

/** Required free text: trimmed, 1..max characters. */
export function requiredText(max: number) {
  return z.string().trim().min(1, "must not be empty").max(max, `at most ${max} characters`);
}

/** Optional free text: trimmed, at most `max` characters; an empty string stores nothing (null). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .transform((value) => (value === "" ? null : value));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An absolute http(s) URL; an empty string stores nothing (null). */
export function optionalHttpUrl(max: number) {
  return z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((value) => value === "" || isHttpUrl(value), "validation.httpUrl")
    .transform((value) => (value === "" ? null : value));
}

/** An absolute https URL (photos shown on public pages: no plain http, which browsers block or warn about there). */
export function httpsUrl(max: number) {
  return z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && url.hostname !== "";
      } catch {
        return false;
      }
    }, "validation.httpsUrl");
}

const ISO_4217 = new Set(Intl.supportedValuesOf("currency"));

/** An ISO 4217 code; lowercase input is accepted and stored uppercase. */
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => ISO_4217.has(code), "validation.currency");
