import type { DomainContext } from "../domain-context";
import { getSequence } from "./read-sequence";
import { namesVisibleLeadSql } from "../leads/lead-visibility";
import { Prisma } from "../db/generated/client";

export interface SequenceContactRow {
  id: string;
  leadId: string;
  leadName: string | null;
  status: string;
  dispatchAt: Date | null;
  dispatchedAt: Date | null;
  outcome: string | null;
  reason: string | null;
}

/**
 * A sequence's contacts in enrolment order (first 500; those whose lead the
 * caller sees) and its dispatches per hour, for the dashboard.
 */
export async function listSequenceContacts(ctx: DomainContext, sequenceId: string) {
  const sequence = await getSequence(ctx, sequenceId); // 404 for unknown or foreign ids
  const contacts = await ctx.db.$queryRaw<SequenceContactRow[]>`
    SELECT c."id", c."leadId", nullif(btrim(concat_ws(' ', l."firstName", l."lastName")), '') AS "leadName",
           CASE WHEN c."status" = 'scheduled' THEN 'pending' ELSE c."status"::text END AS status,
           c."dispatchAt", c."dispatchedAt", c."outcome", c."lastError" AS reason
    FROM "SequenceContact" c LEFT JOIN "Lead" l ON l."id" = c."leadId" AND l."organizationId" = c."organizationId"
    WHERE c."sequenceId" = ${sequence.id} AND ${namesVisibleLeadSql(ctx.principal, Prisma.sql`c."leadId"`)}
    ORDER BY c."position" LIMIT 500`;
  const perHour = await ctx.db.$queryRaw<{ hour: Date; count: number }[]>`
    SELECT date_trunc('hour', "dispatchedAt") AS hour, count(*)::int AS count FROM "SequenceContact"
    WHERE "sequenceId" = ${sequence.id} AND "dispatchedAt" IS NOT NULL GROUP BY 1 ORDER BY 1`;
  return { contacts, perHour };
}
