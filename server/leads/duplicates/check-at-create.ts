import type { DbTx } from "../../db/client";
import { preparedText } from "../../db/prepared-statements";
import { MAX_CANDIDATES, type DuplicateKeys } from "./find-duplicates";

/**
 * The duplicate check of one new lead as one statement, one round trip: it
 * reads the organization's policy, and only when the policy is not `off`
 * finds the candidates by the rules of `findDuplicates` (the same three index
 * ranges, each read only as far as its oldest `MAX_CANDIDATES`, merged and
 * ranked alike, organization-wide), scores them as `findDuplicates` does
 * (the strongest rule's score, 10 more for each further rule, at most 100),
 * and records them as suggestions — unless the policy is `auto_merge` and one
 * is an exact contact match, whose id it answers instead (the best score,
 * then the oldest), for the caller to merge into.
 *
 * The check runs for every lead any door creates, inside the creating
 * transaction. Done as a policy read, a ranked read mapped into objects and
 * an insert, it cost three round trips and the client's row mapping for up to
 * 20 rows; here the database does all of it and answers at most one id.
 *
 * Parameters: $1 organization, $2 phone (E.164), $3 e-mail key, $4 name key,
 * $5 the ids left out (the new lead, and in an import the leads after it),
 * $6 the new lead.
 *
 * It is prepared on each connection (`preparedText`): planning it cost as
 * much as running it.
 */
const RANGES = (["phoneE164", "emailKey", "nameKey"] as const)
  .map(
    (column, i) => `(SELECT l."id", l."createdAt", l."phoneE164", l."emailKey", l."nameKey" FROM "Lead" l
      WHERE l."organizationId" = $1::uuid AND l."${column}" = $${i + 2}::text AND l."id" <> ALL($5::text[])
      ORDER BY l."createdAt", l."id" LIMIT ${MAX_CANDIDATES})`,
  )
  .join(" UNION ");

export const CHECK_AT_CREATE_SQL = preparedText(`
WITH policy AS (
  SELECT o."duplicatePolicy"::text AS "policy" FROM "Organization" o WHERE o."id" = $1::uuid
), candidates AS (
  SELECT c."id", c."createdAt",
         coalesce(c."phoneE164" = $2::text, false) AS "samePhone",
         coalesce(c."emailKey" = $3::text, false) AS "sameEmail",
         coalesce(c."nameKey" = $4::text, false) AS "sameName"
  FROM (${RANGES}) c
  WHERE (SELECT "policy" FROM policy) IN ('suggest', 'auto_merge')
  ORDER BY (c."phoneE164" = $2::text OR c."emailKey" = $3::text) IS TRUE DESC, c."createdAt", c."id"
  LIMIT ${MAX_CANDIDATES}
), scored AS (
  SELECT "id", "createdAt", "samePhone" OR "sameEmail" AS "exact",
         CASE WHEN "samePhone" THEN 'same_phone' WHEN "sameEmail" THEN 'same_email' ELSE 'similar_name_and_company' END AS "reason",
         least(100, CASE WHEN "samePhone" OR "sameEmail" THEN 90 ELSE 60 END
                    + 10 * ("samePhone"::int + "sameEmail"::int + "sameName"::int - 1)) AS "score"
  FROM candidates
), merge_into AS (
  SELECT "id" FROM scored WHERE "exact" AND (SELECT "policy" FROM policy) = 'auto_merge'
  ORDER BY "score" DESC, "createdAt", "id" LIMIT 1
), suggested AS (
  INSERT INTO "LeadDuplicateCandidate" ("leadId", "candidateId", "organizationId", "reason", "score")
  SELECT $6::text, "id", $1::uuid, "reason", "score" FROM scored WHERE NOT EXISTS (SELECT 1 FROM merge_into)
)
SELECT "id" FROM merge_into`);

/** The check's parameters, in the order of `CHECK_AT_CREATE_SQL`. */
export function checkAtCreateParameters(organizationId: string, leadId: string, keys: DuplicateKeys, exceptLeadIds: readonly string[]): unknown[] {
  return [organizationId, keys.phoneE164, keys.emailKey, keys.nameKey, [leadId, ...exceptLeadIds], leadId];
}

/**
 * Runs the check for `leadId` (already inserted in `tx`): records the
 * suggestions the policy asks for, and answers the lead to merge it into when
 * the policy is `auto_merge` and there is an exact contact match, else null.
 */
export async function checkAtCreate(
  tx: Pick<DbTx, "$queryRawUnsafe">,
  organizationId: string,
  leadId: string,
  keys: DuplicateKeys,
  notYetArrived: readonly string[],
): Promise<string | null> {
  if (keys.phoneE164 === null && keys.emailKey === null && keys.nameKey === null) return null;
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(CHECK_AT_CREATE_SQL, ...checkAtCreateParameters(organizationId, leadId, keys, notYetArrived));
  return rows[0]?.id ?? null;
}
