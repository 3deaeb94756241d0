import { Prisma } from "../db/generated/client";
import { LEAD_LIMITS, phoneDigitsOf } from "./lead-limits";

const MAX_WORDS = 8;
const PHONE_SHAPED = /^[\d\s+().\-/]+$/;

/** LIKE treats `%`, `_` and `\` as syntax; a search for "50%" means the characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * "searchText" contains the word, compared as the database stores it
 * (lowercased, without accents: the same `inmo_search_term` function). The
 * function is immutable, so the planner folds it into a constant pattern and
 * the (organizationId, searchText) trigram index serves the match.
 */
function textContains(word: string): Prisma.Sql {
  return Prisma.sql`l."searchText" LIKE '%' || inmo_search_term(${escapeLike(word)}) || '%'`;
}

/**
 * The `query` filter of GET /leads as an SQL condition on the lead `l`, a
 * case- and accent-insensitive substring match on "searchText" (first name,
 * last name, email and company), always next to the organization filter:
 * - a phone-shaped query (digits and `+ ( ) - . /` spaces, at least 3 digits)
 *   matches the digits of stored phones, or the text fields literally;
 * - any other query is split into words, and every word must appear in the
 *   first name, last name, email or company ("ana garcia" finds Ana García's
 *   lead whose names are in two columns).
 * Undefined for a blank query (no filter).
 */
export function leadQueryCondition(query: string): Prisma.Sql | undefined {
  const trimmed = query.trim();
  if (trimmed === "") return undefined;
  const digits = phoneDigitsOf(trimmed);
  if (PHONE_SHAPED.test(trimmed) && digits.length >= LEAD_LIMITS.phoneMinDigits) {
    return Prisma.sql`(l."phoneDigits" LIKE ${`%${digits}%`} OR ${textContains(trimmed)})`;
  }
  const words = trimmed.split(/\s+/).slice(0, MAX_WORDS);
  return Prisma.join(words.map(textContains), " AND ");
}
