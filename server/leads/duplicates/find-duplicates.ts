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
 * and every bulk write compares alike). One statement, each rule answered by
 * its own `(organizationId, key)` index; `principal`'s lead visibility is in
 * the WHERE, so a member under `own` visibility is never told of a lead they
 * may not see. Best first, then oldest first (the oldest is the one to keep).
 */
export async function findDuplicates(
  tx: Pick<DbTx, "$queryRaw">,
  principal: Principal,
  keys: DuplicateKeys,
  exceptLeadIds: readonly string[],
): Promise<DuplicateCandidate[]> {
  if (keys.phoneE164 === null && keys.emailKey === null && keys.nameKey === null) return [];
  const rows = await tx.$queryRaw<MatchRow[]>(Prisma.sql`
    SELECT l."id",
           coalesce(l."phoneE164" = ${keys.phoneE164}, false) AS "samePhone",
           coalesce(l."emailKey" = ${keys.emailKey}, false) AS "sameEmail",
           coalesce(l."nameKey" = ${keys.nameKey}, false) AS "sameName"
    FROM "Lead" l
    WHERE ${visibleLeadsSql(principal)}
      AND (l."phoneE164" = ${keys.phoneE164} OR l."emailKey" = ${keys.emailKey} OR l."nameKey" = ${keys.nameKey})
      AND l."id" <> ALL(${[...exceptLeadIds]}::text[])
    ORDER BY (l."phoneE164" = ${keys.phoneE164} OR l."emailKey" = ${keys.emailKey}) IS TRUE DESC, l."createdAt", l."id"
    LIMIT ${MAX_CANDIDATES}`);
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

/** The keys of a stored lead (read from the row the trigger keeps). */
export async function duplicateKeysOf(tx: Pick<DbTx, "lead">, organizationId: string, leadId: string): Promise<DuplicateKeys | null> {
  return tx.lead.findFirst({ where: { id: leadId, organizationId }, select: { phoneE164: true, emailKey: true, nameKey: true } });
}

/** Whether a candidate is an exact contact match (what `auto_merge` merges): the same phone or the same e-mail. */
export function isExactContactMatch(candidate: DuplicateCandidate): boolean {
  return candidate.reasons.includes("same_phone") || candidate.reasons.includes("same_email");
}
