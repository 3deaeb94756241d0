import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { visibleLeadsSql } from "../lead-visibility";

export const DUPLICATE_REASONS = ["same_phone", "same_email", "similar_name_and_company"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** How sure each rule is on its own; every further rule that also holds adds `AGREEMENT_BONUS` (at most 100). */
const RULE_SCORE: Record<DuplicateReason, number> = { same_phone: 90, same_email: 90, similar_name_and_company: 60 };
const AGREEMENT_BONUS = 10;
/** More candidates than this for one lead means the keys are too common to be useful: the first ones are enough. */
export const MAX_CANDIDATES = 20;

export interface DuplicateKeys {
  phoneE164: string | null;
  emailKey: string | null;
  nameKey: string | null;
}

export interface DuplicateCandidate {
  leadId: string;
  /** The strongest rule that holds. */
  reason: DuplicateReason;
  /** Every rule that holds, strongest first. */
  reasons: DuplicateReason[];
  score: number;
}

interface MatchRow {
  id: string;
  samePhone: boolean;
  sameEmail: boolean;
  sameName: boolean;
}

/**
 * The leads that look like the same person as `keys`: the same phone in
 * E.164, the same e-mail once Gmail's own rules are applied, or the same name
 * and company folded (the keys are kept by a database trigger, so every door
 * and every bulk write compares alike). `principal`'s lead visibility is in
 * every WHERE, so a member under `own` visibility is never told of a lead they
 * may not see. Best first (a phone or e-mail match before a name match), then
 * oldest first (the oldest is the one to keep).
 *
 * One statement, each rule its own index range read only as far as it can
 * matter: the oldest `MAX_CANDIDATES` of each rule (the name rule walks
 * ("organizationId", "nameKey", "createdAt", "id") in order and stops there, where
 * a common name and company — a few hundred leads in a large organization —
 * used to be read and sorted whole), merged, ranked, cut to `MAX_CANDIDATES`.
 * The first `MAX_CANDIDATES` of the merge are exactly those of the whole: every
 * phone or e-mail match among them is among its rule's oldest, and every name-only
 * one among the name rule's oldest.
 */
export async function findDuplicates(
  tx: Pick<DbTx, "$queryRaw">,
  principal: Principal,
  keys: DuplicateKeys,
  exceptLeadIds: readonly string[],
): Promise<DuplicateCandidate[]> {
  const rules = (
    [
      ["phoneE164", keys.phoneE164],
      ["emailKey", keys.emailKey],
      ["nameKey", keys.nameKey],
    ] as const
  ).filter((rule): rule is [(typeof rule)[0], string] => rule[1] !== null);
  if (rules.length === 0) return [];
  const except = [...exceptLeadIds];
  const ranges = rules.map(
    ([column, value]) => Prisma.sql`(SELECT l."id", l."createdAt", l."phoneE164", l."emailKey", l."nameKey" FROM "Lead" l
      WHERE ${visibleLeadsSql(principal)} AND l.${Prisma.raw(`"${column}"`)} = ${value} AND l."id" <> ALL(${except}::text[])
      ORDER BY l."createdAt", l."id" LIMIT ${MAX_CANDIDATES})`,
  );
  const rows = await tx.$queryRaw<MatchRow[]>(Prisma.sql`
    SELECT c."id",
           coalesce(c."phoneE164" = ${keys.phoneE164}, false) AS "samePhone",
           coalesce(c."emailKey" = ${keys.emailKey}, false) AS "sameEmail",
           coalesce(c."nameKey" = ${keys.nameKey}, false) AS "sameName"
    FROM (${Prisma.join(ranges, " UNION ")}) c
    ORDER BY (c."phoneE164" = ${keys.phoneE164} OR c."emailKey" = ${keys.emailKey}) IS TRUE DESC, c."createdAt", c."id"
    LIMIT ${MAX_CANDIDATES}`);
  return toCandidates(rows);
}

function toCandidates(rows: readonly MatchRow[]): DuplicateCandidate[] {
  return rows
    .map((row) => {
      const reasons: DuplicateReason[] = [];
      if (row.samePhone) reasons.push("same_phone");
      if (row.sameEmail) reasons.push("same_email");
      if (row.sameName) reasons.push("similar_name_and_company");
      const best = Math.max(...reasons.map((reason) => RULE_SCORE[reason]));
      return { leadId: row.id, reason: reasons[0]!, reasons, score: Math.min(100, best + AGREEMENT_BONUS * (reasons.length - 1)) };
    })
    .sort((a, b) => b.score - a.score);
}

/**
 * `findDuplicates` for each of `leadIds` — stored leads just written
 * together, in the order they arrived (a chunk of an import) — in one
 * statement: the same three ranges and ranking per lead (a lateral join over
 * the ids, each lead's keys read from its row), where each lead is compared
 * with the leads that existed before it: itself and the leads after it in
 * `leadIds` are left out, as they did not exist yet when it arrived one by one.
 */
export async function findDuplicatesOfMany(
  tx: Pick<DbTx, "$queryRaw">,
  principal: Principal,
  leadIds: readonly string[],
): Promise<Map<string, DuplicateCandidate[]>> {
  const found = new Map<string, DuplicateCandidate[]>(leadIds.map((id) => [id, []]));
  if (leadIds.length === 0) return found;
  const ids = [...leadIds];
  const ranges = (["phoneE164", "emailKey", "nameKey"] as const).map(
    (column) => Prisma.sql`(SELECT l."id", l."createdAt", l."phoneE164", l."emailKey", l."nameKey" FROM "Lead" l
      WHERE ${visibleLeadsSql(principal)} AND l.${Prisma.raw(`"${column}"`)} = n.${Prisma.raw(`"${column}"`)}
        AND l."id" <> ALL((${ids}::text[])[k."ord":])
      ORDER BY l."createdAt", l."id" LIMIT ${MAX_CANDIDATES})`,
  );
  const rows = await tx.$queryRaw<(MatchRow & { leadId: string })[]>(Prisma.sql`
    SELECT k."id" AS "leadId", c."id", c."samePhone", c."sameEmail", c."sameName"
    FROM unnest(${ids}::text[]) WITH ORDINALITY AS k("id", "ord")
    JOIN "Lead" n ON n."id" = k."id"
    CROSS JOIN LATERAL (
      SELECT c."id",
             coalesce(c."phoneE164" = n."phoneE164", false) AS "samePhone",
             coalesce(c."emailKey" = n."emailKey", false) AS "sameEmail",
             coalesce(c."nameKey" = n."nameKey", false) AS "sameName",
             c."createdAt"
      FROM (${Prisma.join(ranges, " UNION ")}) c
      ORDER BY (c."phoneE164" = n."phoneE164" OR c."emailKey" = n."emailKey") IS TRUE DESC, c."createdAt", c."id"
      LIMIT ${MAX_CANDIDATES}
    ) c
    ORDER BY k."ord", (c."samePhone" OR c."sameEmail") DESC, c."createdAt", c."id"`);
  const byLead = new Map<string, MatchRow[]>();
  for (const row of rows) byLead.set(row.leadId, [...(byLead.get(row.leadId) ?? []), row]);
  for (const [leadId, matches] of byLead) found.set(leadId, toCandidates(matches));
  return found;
}

/** The keys of a stored lead (read from the row the trigger keeps). */
export async function duplicateKeysOf(tx: Pick<DbTx, "lead">, organizationId: string, leadId: string): Promise<DuplicateKeys | null> {
  return tx.lead.findFirst({ where: { id: leadId, organizationId }, select: { phoneE164: true, emailKey: true, nameKey: true } });
}

/** Whether a candidate is an exact contact match (what `auto_merge` merges): the same phone or the same e-mail. */
export function isExactContactMatch(candidate: DuplicateCandidate): boolean {
  return candidate.reasons.includes("same_phone") || candidate.reasons.includes("same_email");
}
