import { Prisma } from "../db/generated/client";
import { stageDisplayName } from "../pipeline/stage-name";
import type { DomainContext } from "../domain-context";
import type { LeadSource, LeadStatus } from "./lead-enums";
import { phoneDigitsOf } from "./lead-limits";
import type { UserSummary } from "./lead-representation";
import { escapeLike } from "./lead-text-match";
import { visibleLeadsSql } from "./lead-visibility";
import type { Principal } from "../auth/principal";

export interface SearchLeadsRequest {
  email?: string;
  phone?: string;
  q?: string;
  limit: number;
}

export interface LeadSearchResult {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  status: LeadStatus;
  source: LeadSource;
  stageId: string | null;
  stageName: string | null;
  assignedTo: UserSummary | null;
  createdAt: string;
}

/** Shorter trailing parts of a number that still identify a subscriber (national number without country code). */
const MIN_SUFFIX_DIGITS = 7;
const MAX_Q_WORDS = 5;

/**
 * Phone match on digits only, tolerant of a country code on either side: the
 * stored digits end with the searched ones ("5512345678" finds
 * "+52 55 1234 5678"), or the searched digits end with the stored ones when
 * those are at least 7 digits long (the reverse). Exact matches rank first.
 */
function phoneCondition(phone: string) {
  const digits = phoneDigitsOf(phone);
  const suffixes: string[] = [];
  for (let start = 0; digits.length - start >= MIN_SUFFIX_DIGITS; start++) suffixes.push(digits.slice(start));
  return {
    where: Prisma.sql`(l."phoneDigits" LIKE ${`%${escapeLike(digits)}`} OR l."phoneDigits" = ANY(${suffixes}::text[]))`,
    rank: Prisma.sql`CASE WHEN l."phoneDigits" = ${digits} THEN 1.0 ELSE 0.9 END`,
  };
}

/** How many candidates each source hands to the ranking: enough for any page (limit ≤ 50), bounded whatever the data. */
const CANDIDATES = 100;

/** A word's start inside the search text, for "prefix matches first" (regex metacharacters of the word escaped). */
function wordStartPattern(word: string): string {
  return `\\m${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
}

/**
 * Fuzzy match: every word of `q` must occur in, or be similar to a word of
 * (pg_trgm word similarity ≥ 0.4, the threshold every app connection starts
 * with: server/db/session-settings.ts), the first name, last name, email or
 * company, compared lowercased and without accents ("searchText"; "Fernandez"
 * finds "Fernández"). Ranking reads a bounded candidate set, so its cost does
 * not grow with the number of matches: the nearest names in similarity order
 * from the GiST index on "searchName", and the newest leads that satisfy the
 * rule (GIN index, or the newest-first index when matches are common). The
 * rank: how many words start a word of the lead (prefix matches first), then
 * the mean word similarity, then newest.
 */
function fuzzyCondition(q: string) {
  const words = q.trim().split(/\s+/).slice(0, MAX_Q_WORDS);
  const term = (value: string) => Prisma.sql`inmo_search_term(${value})`;
  const perWord = words.map((word) => ({
    where: Prisma.sql`(l."searchText" LIKE '%' || ${term(escapeLike(word))} || '%' OR ${term(word)} <% l."searchText")`,
    similarity: Prisma.sql`word_similarity(${term(word)}, l."searchText")`,
    prefix: Prisma.sql`(l."searchText" ~ ${term(wordStartPattern(word))})::int`,
  }));
  return {
    where: Prisma.join(
      perWord.map((w) => w.where),
      " AND ",
    ),
    // A one-word query's nearest names satisfy the matching rule already: "searchName" (first and last name) is the
    // start of "searchText", so the word is at least as similar to the text as to the name. Leaving the rule out of
    // that branch spares planning its estimate (about a third of a search's planning time) and checking it per row.
    ruleImpliedByNearest: words.length === 1,
    nearest: { where: Prisma.sql`${term(q.trim())} <% l."searchName"`, order: Prisma.sql`l."searchName" <->> ${term(q.trim())}` },
    rank: Prisma.sql`((${Prisma.join(
      perWord.map((w) => w.prefix),
      " + ",
    )}) * 10 + (${Prisma.join(
      perWord.map((w) => w.similarity),
      " + ",
    )}) / ${words.length})`,
  };
}

interface SearchRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  status: LeadStatus;
  source: LeadSource;
  stageId: string | null;
  stageName: string | null;
  stageKey: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
  assigneeImage: string | null;
  createdAt: Date;
}

const SEARCH_COLUMNS = Prisma.sql`l."id", l."firstName", l."lastName", l."email", l."phone", l."company",
  l."status"::text AS "status", l."source"::text AS "source", l."stageId", l."assignedToId", l."createdAt",
  l."searchText", l."phoneDigits"`;

/** The SQL of a search (exported so the benchmark can EXPLAIN exactly what the endpoint runs). */
export function leadSearchSql(principal: Principal, request: SearchLeadsRequest): Prisma.Sql {
  const conditions: Prisma.Sql[] = [visibleLeadsSql(principal)];
  /** The conditions of the nearest-names branch: all of them but a rule its own condition implies. */
  const nearestConditions: Prisma.Sql[] = [];
  const ranks: Prisma.Sql[] = [];
  if (request.email !== undefined) conditions.push(Prisma.sql`l."email" = ${request.email.trim().toLowerCase()}`);
  if (request.phone !== undefined) {
    const phone = phoneCondition(request.phone);
    conditions.push(phone.where);
    ranks.push(phone.rank);
  }
  const fuzzy = request.q === undefined ? undefined : fuzzyCondition(request.q);
  nearestConditions.push(...conditions);
  if (fuzzy) {
    conditions.push(fuzzy.where);
    if (!fuzzy.ruleImpliedByNearest) nearestConditions.push(fuzzy.where);
    ranks.push(fuzzy.rank);
  }
  const rank = ranks.length > 0 ? Prisma.join(ranks, " + ") : Prisma.sql`0`;
  const where = Prisma.join(conditions, " AND ");
  // Without q every match is ranked (email and phone match a handful of rows); with q only the candidates:
  // the nearest names in similarity order and the newest matches, each source bounded.
  const source = fuzzy
    ? Prisma.sql`(
        SELECT * FROM (
          SELECT ${SEARCH_COLUMNS} FROM "Lead" l WHERE ${Prisma.join(nearestConditions, " AND ")} AND ${fuzzy.nearest.where}
          ORDER BY ${fuzzy.nearest.order} LIMIT ${CANDIDATES}
        ) nearest
        UNION
        SELECT * FROM (
          SELECT ${SEARCH_COLUMNS} FROM "Lead" l WHERE ${where}
          ORDER BY l."createdAt" DESC, l."id" DESC LIMIT ${CANDIDATES}
        ) newest
      )`
    : Prisma.sql`(SELECT ${SEARCH_COLUMNS} FROM "Lead" l WHERE ${where})`;
  // The best rows are picked from the candidates alone; only those few are then joined to their stage and owner.
  return Prisma.sql`
    SELECT l."id", l."firstName", l."lastName", l."email", l."phone", l."company", l."status", l."source",
           l."stageId", s."name" AS "stageName", s."systemKey" AS "stageKey",
           u."id" AS "assigneeId", u."name" AS "assigneeName", u."email" AS "assigneeEmail", u."image" AS "assigneeImage",
           l."createdAt"
    FROM (
      SELECT l.*, ${rank} AS "rank" FROM ${source} l
      ORDER BY "rank" DESC, l."createdAt" DESC, l."id" DESC
      LIMIT ${request.limit}
    ) l
    LEFT JOIN "PipelineStage" s ON s."id" = l."stageId"
    LEFT JOIN "User" u ON u."id" = l."assignedToId"
    ORDER BY l."rank" DESC, l."createdAt" DESC, l."id" DESC`;
}

/**
 * GET /leads/search: each given criterion must match (email exactly, after
 * lowercasing; phone by digits; q fuzzily), best matches first, then newest.
 * Always scoped to the leads the caller sees (organization and visibility) inside the WHERE.
 */
export async function searchLeads(ctx: DomainContext, request: SearchLeadsRequest): Promise<{ data: LeadSearchResult[] }> {
  // One statement: the fuzzy rule's threshold is the connection's own setting (server/db/session-settings.ts).
  const rows = await ctx.db.$queryRaw<SearchRow[]>(leadSearchSql(ctx.principal, request));

  return {
    data: rows.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      company: row.company,
      status: row.status,
      source: row.source,
      stageId: row.stageId,
      stageName: row.stageId === null ? null : stageDisplayName({ name: row.stageName, systemKey: row.stageKey }, ctx.principal.organization.locale),
      assignedTo:
        row.assigneeId === null
          ? null
          : { id: row.assigneeId, name: row.assigneeName ?? "", email: row.assigneeEmail ?? "", image: row.assigneeImage },
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
