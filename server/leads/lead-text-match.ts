import type { Prisma, PrismaClient } from "../db/generated/client";
import { LEAD_LIMITS, phoneDigitsOf } from "./lead-limits";

const MAX_WORDS = 8;
const PHONE_SHAPED = /^[\d\s+().\-/]+$/;

/** LIKE treats `%`, `_` and `\` as syntax; a search for "50%" means the characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Lowercased and without accents, as "searchText" stores the lead's text (the same database function). */
async function searchTerm(db: Pick<PrismaClient, "$queryRaw">, text: string): Promise<string> {
  const rows = await db.$queryRaw<{ term: string }[]>`SELECT inmo_search_term(${text}) AS "term"`;
  return rows[0]?.term ?? text.toLowerCase();
}

function textContains(term: string): Prisma.LeadWhereInput {
  return { searchText: { contains: escapeLike(term) } };
}

/**
 * The `query` filter of GET /leads, a case- and accent-insensitive substring
 * match on "searchText" (first name, last name, email and company; the
 * (organizationId, searchText) trigram index serves it), always next to the
 * organization filter:
 * - a phone-shaped query (digits and `+ ( ) - . /` spaces, at least 3 digits)
 *   matches the digits of stored phones, or the text fields literally;
 * - any other query is split into words, and every word must appear in the
 *   first name, last name, email or company ("ana garcia" finds Ana García's
 *   lead whose names are in two columns).
 */
export async function leadQueryWhere(db: Pick<PrismaClient, "$queryRaw">, query: string): Promise<Prisma.LeadWhereInput | undefined> {
  const trimmed = query.trim();
  if (trimmed === "") return undefined;
  const digits = phoneDigitsOf(trimmed);
  const term = await searchTerm(db, trimmed);
  if (PHONE_SHAPED.test(trimmed) && digits.length >= LEAD_LIMITS.phoneMinDigits) {
    return { OR: [{ phoneDigits: { contains: digits } }, textContains(term)] };
  }
  const words = term.split(/\s+/).slice(0, MAX_WORDS);
  return { AND: words.map(textContains) };
}
