import type { Prisma } from "../db/generated/client";
import { LEAD_LIMITS, phoneDigitsOf } from "./lead-limits";

const MAX_WORDS = 8;
const PHONE_SHAPED = /^[\d\s+().\-/]+$/;

/** LIKE treats `%`, `_` and `\` as syntax; a search for "50%" means the characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function textColumnsContain(word: string): Prisma.LeadWhereInput[] {
  const contains = { contains: escapeLike(word), mode: "insensitive" as const };
  return [{ firstName: contains }, { lastName: contains }, { email: contains }, { company: contains }];
}

/**
 * The `query` filter of GET /leads, a case-insensitive substring match that the
 * (organizationId, column) trigram indexes serve, always next to the
 * organization filter:
 * - a phone-shaped query (digits and `+ ( ) - . /` spaces, at least 3 digits)
 *   matches the digits of stored phones, or the text fields literally;
 * - any other query is split into words, and every word must appear in the
 *   first name, last name, email or company ("ana garcia" finds Ana García's
 *   lead whose names are in two columns).
 */
export function leadQueryWhere(query: string): Prisma.LeadWhereInput | undefined {
  const trimmed = query.trim();
  if (trimmed === "") return undefined;
  const digits = phoneDigitsOf(trimmed);
  if (PHONE_SHAPED.test(trimmed) && digits.length >= LEAD_LIMITS.phoneMinDigits) {
    return { OR: [{ phoneDigits: { contains: digits } }, ...textColumnsContain(trimmed)] };
  }
  const words = trimmed.split(/\s+/).slice(0, MAX_WORDS);
  return { AND: words.map((word) => ({ OR: textColumnsContain(word) })) };
}
