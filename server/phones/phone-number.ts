import { isSupportedCountry as knowsCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { parsePhoneNumberFromString as parseWithTypes } from "libphonenumber-js/max";

/**
 * Phone numbers as the region writes them, read with libphonenumber-js
 * (Google's libphonenumber metadata, kept current by its maintainers; see
 * docs/decisions.md, Phone numbers):
 *
 * - Written internationally (`+` or `00`), a number is read on its own.
 * - Written nationally (`55 1234 5678`, `011 15 2345-6789`), it is read in the
 *   organization's default country; without one it is not a number we can dial.
 *
 * `toE164` gives the form to dial (`+525512345678`). `canonicalPhone` gives
 * the form to compare: the same line always has one, so a lead's phone and a
 * WhatsApp id (`wa_id`) meet with `=`. Mexico's legacy `+52 1` and
 * Argentina's `+54 9` mobile digit (which WhatsApp ids keep) are removed
 * there; both countries' mobile and fixed numbers never share the remaining
 * digits, so no two lines collapse into one.
 */
const E164 = /^\+[1-9]\d{6,14}$/;
const SEPARATORS = /[\s\-.()/]/g;

/** Whether libphonenumber knows the country (ISO 3166-1 alpha-2, upper case), for an organization's default country. */
export function isSupportedCountry(code: string): code is CountryCode {
  return /^[A-Z]{2}$/.test(code) && knowsCountry(code);
}

/** `+50760001234` for `+507 6000-1234`, `00507 6000 1234`, or `6000-1234` in Panama; null when it is not a dialable number. */
export function toE164(input: string, defaultCountry?: string | null): string | null {
  const trimmed = input.trim();
  if (trimmed === "") return null;
  const compact = trimmed.replace(SEPARATORS, "");
  const international = compact.startsWith("+") || compact.startsWith("00");
  if (international) {
    const plus = compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
    const parsed = parsePhoneNumberFromString(plus);
    if (parsed?.isPossible()) return parsed.number;
    // Numbers the metadata does not cover yet (new ranges, test numbers): E.164's own shape still holds.
    return E164.test(plus) ? plus : null;
  }
  if (!defaultCountry) return null;
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry: defaultCountry as CountryCode });
  return parsed?.isPossible() ? parsed.number : null;
}

/** The comparable form of an E.164 number: Mexico's `+52 1` and Argentina's `+54 9` mobile digit removed. */
export function canonicalE164(e164: string): string {
  return e164.replace(/^\+521(\d{10})$/, "+52$1").replace(/^\+549(\d{10})$/, "+54$1");
}

/** The comparable form of a number as written, or null when it is not one. */
export function canonicalPhone(input: string, defaultCountry?: string | null): string | null {
  const e164 = toE164(input, defaultCountry);
  return e164 ? canonicalE164(e164) : null;
}

export function digitsOf(e164: string): string {
  return e164.replace(/\D+/g, "");
}

/** The E.164 form of a contact's digits (a WhatsApp id). */
export function e164OfDigits(digits: string): string {
  return `+${digits}`;
}

/**
 * The forms WhatsApp may use for a number as ids (digits): the canonical one
 * and, for Mexican and Argentine mobiles, the one with the legacy mobile digit
 * (`521…`, `549…`), which is what WhatsApp ids keep.
 */
export function whatsAppIdsOf(e164: string): string[] {
  const canonical = digitsOf(canonicalE164(e164));
  const forms = new Set([digitsOf(e164), canonical]);
  if (/^52\d{10}$/.test(canonical)) forms.add(`521${canonical.slice(2)}`);
  if (/^54\d{10}$/.test(canonical)) forms.add(`549${canonical.slice(2)}`);
  return [...forms];
}

/**
 * Whether a number can be a mobile line, as libphonenumber's full metadata
 * types it (`MOBILE`, or `FIXED_LINE_OR_MOBILE` where a country's ranges do
 * not tell them apart, as in Mexico and the United States). A number the
 * metadata cannot type is given the benefit of the doubt: WhatsApp itself
 * says whether it reaches anyone. Fixed lines, toll-free and premium numbers
 * are not mobiles.
 */
export function isMobileNumber(e164: string): boolean {
  const type = parseWithTypes(canonicalE164(e164))?.getType();
  return type === undefined || type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE";
}
