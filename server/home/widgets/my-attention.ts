import { Prisma } from "../../db/generated/client";
import type { DomainContext } from "../../domain-context";
import { num } from "../widget-scope";
import { visibleLeadsSql } from "../../leads/lead-visibility";

const SHOWN = 10;

/**
 * My leads needing attention: assigned to me, still `new` and with no
 * communication logged, oldest first (they have waited longest). Not bound
 * to the period: a lead waiting since last month still needs attention.
 * API keys and the system have no "me": the list is empty for them.
 *
 * One statement. The list walks my `new` leads oldest first and stops after
 * ten. The count is set-based: my `new` leads (index-only) EXCEPT the leads
 * of the organization with a logged communication (one index-only pass over
 * the partial index of communications), hashing only my side, instead of
 * probing the timeline once per lead.
 */
export async function myLeadsNeedingAttention({ db, principal }: DomainContext) {
  if (!principal.userId) return { total: 0, leads: [] };
  const mine = Prisma.sql`${visibleLeadsSql(principal)} AND l."assignedToId" = ${principal.userId}::uuid AND l."status" = 'new'`;
  const communicated = Prisma.sql`
    SELECT a."leadId" FROM "LeadActivity" a
    WHERE a."organizationId" = ${principal.organizationId}::uuid AND a."activityScope" = 'lead_event' AND a."communicationType" IS NOT NULL`;
  // An empty list means no waiting lead, so no row to carry the count is a count of 0.
  const rows = await db.$queryRaw<
    { id: string; firstName: string | null; lastName: string | null; email: string | null; source: string; createdAt: Date; total: bigint }[]
  >`
    WITH "oldest" AS (
      SELECT l."id", l."firstName", l."lastName", l."email", l."source"::text AS "source", l."createdAt"
      FROM "Lead" l
      WHERE ${mine} AND NOT EXISTS (
        SELECT 1 FROM "LeadActivity" a
        WHERE a."organizationId" = l."organizationId" AND a."leadId" = l."id" AND a."activityScope" = 'lead_event' AND a."communicationType" IS NOT NULL)
      ORDER BY l."createdAt" ASC, l."id" ASC LIMIT ${SHOWN})
    SELECT o.*, (SELECT count(*) FROM (SELECT l."id" FROM "Lead" l WHERE ${mine} EXCEPT ${communicated}) w) AS "total"
    FROM "oldest" o ORDER BY o."createdAt" ASC, o."id" ASC`;
  return {
    total: num(rows[0]?.total),
    leads: rows.map((r) => ({
      id: r.id,
      name: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email || r.id,
      source: r.source,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
