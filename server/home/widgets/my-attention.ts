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
 */
export async function myLeadsNeedingAttention({ db, principal }: DomainContext) {
  if (!principal.userId) return { total: 0, leads: [] };
  const where = Prisma.sql`
    ${visibleLeadsSql(principal)} AND l."assignedToId" = ${principal.userId}::uuid AND l."status" = 'new'
    AND NOT EXISTS (SELECT 1 FROM "LeadActivity" a WHERE a."leadId" = l."id" AND a."activityScope" = 'lead_event' AND a."communicationType" IS NOT NULL)`;
  const [rows, totals] = await Promise.all([
    db.$queryRaw<{ id: string; firstName: string | null; lastName: string | null; email: string | null; source: string; createdAt: Date }[]>`
      SELECT l."id", l."firstName", l."lastName", l."email", l."source"::text AS "source", l."createdAt"
      FROM "Lead" l WHERE ${where} ORDER BY l."createdAt" ASC, l."id" ASC LIMIT ${SHOWN}`,
    db.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS "total" FROM "Lead" l WHERE ${where}`,
  ]);
  return {
    total: num(totals[0]?.total),
    leads: rows.map((r) => ({
      id: r.id,
      name: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email || r.id,
      source: r.source,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
