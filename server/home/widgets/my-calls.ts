import type { DomainContext } from "../../domain-context";
import { num } from "../widget-scope";
import { visibleLeadsSql } from "../../leads/lead-visibility";

const SHOWN = 5;

/**
 * My calls to make: the signed-in member's call tasks from sequences, the
 * same set as the /calls queue (dispatched to me, status `sent`, no outcome
 * yet), counted and the next few, oldest first, in one statement (a window
 * count over the filtered rows). Not bound to the period: a call due since
 * yesterday is still to make (a lead reassigned away from them since leaves
 * it, as it leaves the queue). API keys and the system have no "me".
 */
export async function myCallsToMake({ db, principal }: DomainContext) {
  if (!principal.userId) return { total: 0, calls: [] };
  const rows = await db.$queryRaw<
    { contactId: string; sequenceName: string; leadId: string; leadName: string; dispatchedAt: Date; total: bigint }[]
  >`
    SELECT c."id" AS "contactId", s."name" AS "sequenceName", c."leadId",
           coalesce(nullif(btrim(concat_ws(' ', l."firstName", l."lastName")), ''), l."email", l."phone", l."id"::text) AS "leadName",
           c."dispatchedAt", count(*) OVER () AS "total"
    FROM "SequenceContact" c
    JOIN "Sequence" s ON s."id" = c."sequenceId" AND s."organizationId" = c."organizationId"
    JOIN "Lead" l ON l."id" = c."leadId" AND ${visibleLeadsSql(principal)}
    WHERE c."organizationId" = ${principal.organizationId}::uuid AND c."taskUserId" = ${principal.userId}::uuid
      AND c."status" = 'sent' AND c."outcome" IS NULL
    ORDER BY c."dispatchedAt", c."position", c."id" LIMIT ${SHOWN}`;
  return {
    total: num(rows[0]?.total),
    calls: rows.map((r) => ({
      contactId: r.contactId,
      sequenceName: r.sequenceName,
      leadId: r.leadId,
      leadName: r.leadName,
      dispatchedAt: r.dispatchedAt.toISOString(),
    })),
  };
}
