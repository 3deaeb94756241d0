/**
 * WhatsApp addresses people by their full international number. We accept
 * E.164 (`+` then 7 to 15 digits, the first not 0), written with the usual
 * separators (spaces, dashes, dots, parentheses) or with `00` instead of `+`,
 * and store the digits alone, which is also how the provider names a contact
 * (its `wa_id`).
 */
const SEPARATORS = /[\s\-.()]/g;
const E164 = /^\+[1-9]\d{6,14}$/;

/** `+50760001234` for `+507 6000-1234` or `00507 6000 1234`; null when it is not an international number. */
export function toE164(input: string): string | null {
  let compact = input.trim().replace(SEPARATORS, "");
  if (compact.startsWith("00")) compact = `+${compact.slice(2)}`;
  return E164.test(compact) ? compact : null;
}

export function digitsOf(e164: string): string {
  return e164.replace(/\D+/g, "");
}

/** The E.164 form of a contact's digits. */
export function e164OfDigits(digits: string): string {
  return `+${digits}`;
}
