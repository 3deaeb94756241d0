import { Prisma } from "../db/generated/client";
import type { DomainContext } from "../domain-context";
import type { LeadSource, LeadStatus } from "./lead-enums";
import { phoneDigitsOf } from "./lead-limits";
import type { UserSummary } from "./lead-representation";
import { escapeLike } from "./lead-text-match";

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
const WORD_SIMILARITY_THRESHOLD = 0.4;
const TEXT_COLUMNS = ["firstName", "lastName", "email", "company"] as const;

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

/**
 * Fuzzy match: every word of `q` must occur in, or be similar to a word of,
 * the first name, last name, email or company (pg_trgm `%>` word similarity
 * and ILIKE, both served by the (organizationId, column) GIN trigram indexes,
 * so only the caller's organization is read). Rank: the mean over words of the
 * best word similarity among those columns.
 */
function fuzzyCondition(q: string) {
  const words = q.trim().split(/\s+/).slice(0, MAX_Q_WORDS);
  const perWord = words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    const matches = TEXT_COLUMNS.map(
      (column) => Prisma.sql`(l.${Prisma.raw(`"${column}"`)} ILIKE ${pattern} OR l.${Prisma.raw(`"${column}"`)} %> ${word})`,
    );
    const similarity = TEXT_COLUMNS.map(
      (column) => Prisma.sql`word_similarity(${word}, coalesce(l.${Prisma.raw(`"${column}"`)}, ''))`,
    );
    return {
      where: Prisma.sql`(${Prisma.join(matches, " OR ")})`,
      rank: Prisma.sql`GREATEST(${Prisma.join(similarity, ", ")})`,
    };
  });
  return {
    where: Prisma.join(
      perWord.map((w) => w.where),
      " AND ",
    ),
    rank: Prisma.sql`((${Prisma.join(
      perWord.map((w) => w.rank),
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
  assigneeId: string | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
  assigneeImage: string | null;
  createdAt: Date;
}

/** The SQL of a search (exported so the benchmark can EXPLAIN exactly what the endpoint runs). */
export function leadSearchSql(organizationId: string, request: SearchLeadsRequest): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`l."organizationId" = ${organizationId}::uuid`];
  const ranks: Prisma.Sql[] = [];
  if (request.email !== undefined) conditions.push(Prisma.sql`l."email" = ${request.email.trim().toLowerCase()}`);
  if (request.phone !== undefined) {
    const phone = phoneCondition(request.phone);
    conditions.push(phone.where);
    ranks.push(phone.rank);
  }
  if (request.q !== undefined) {
    const fuzzy = fuzzyCondition(request.q);
    conditions.push(fuzzy.where);
    ranks.push(fuzzy.rank);
  }
  const rank = ranks.length > 0 ? Prisma.join(ranks, " + ") : Prisma.sql`0`;
  // The best rows are picked from "Lead" alone; only those few are then joined to their stage and owner.
  return Prisma.sql`
    SELECT l."id", l."firstName", l."lastName", l."email", l."phone", l."company", l."status", l."source",
           l."stageId", s."name" AS "stageName",
           u."id" AS "assigneeId", u."name" AS "assigneeName", u."email" AS "assigneeEmail", u."image" AS "assigneeImage",
           l."createdAt"
    FROM (
      SELECT l."id", l."firstName", l."lastName", l."email", l."phone", l."company",
             l."status"::text AS "status", l."source"::text AS "source", l."stageId", l."assignedToId", l."createdAt",
             ${rank} AS "rank"
      FROM "Lead" l
      WHERE ${Prisma.join(conditions, " AND ")}
      ORDER BY "rank" DESC, l."createdAt" DESC, l."id" DESC
      LIMIT ${request.limit}
    ) l
    LEFT JOIN "PipelineStage" s ON s."id" = l."stageId"
    LEFT JOIN "User" u ON u."id" = l."assignedToId"
    ORDER BY l."rank" DESC, l."createdAt" DESC, l."id" DESC`;
}

/** Fuzzy matching runs with this word-similarity threshold, set for the search's own transaction. */
export function fuzzyThresholdSql(): Prisma.Sql {
  return Prisma.sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`;
}

/**
 * GET /leads/search: each given criterion must match (email exactly, after
 * lowercasing; phone by digits; q fuzzily), best matches first, then newest.
 * Always scoped to the caller's organization inside the WHERE.
 */
export async function searchLeads(ctx: DomainContext, request: SearchLeadsRequest): Promise<{ data: LeadSearchResult[] }> {
  const select = ctx.db.$queryRaw<SearchRow[]>(leadSearchSql(ctx.principal.organizationId, request));
  // A swapped pair of letters ("Jonahtan") or a missing accent ("Fernandez") scores 0.4 to 0.5, under
  // pg_trgm's default of 0.6.
  const rows =
    request.q === undefined ? await select : (await ctx.db.$transaction([ctx.db.$queryRaw(fuzzyThresholdSql()), select]))[1];

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
      stageName: row.stageName,
      assignedTo:
        row.assigneeId === null
          ? null
          : { id: row.assigneeId, name: row.assigneeName ?? "", email: row.assigneeEmail ?? "", image: row.assigneeImage },
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
