import type { MemberRole } from "../auth/roles";
import { Prisma } from "../db/generated/client";
import { preparedStatement } from "../db/prepared-statements";
import type { DbTx } from "../db/client";
import { ORGANIZATION_WIDE, resolveLeadVisibility, visibleLeadsSql, type LeadVisibilitySetting } from "../leads/lead-visibility";

/**
 * Which of `userIds` are members of the organization who see the lead now:
 * the same visibility rule as every lead read (server/leads/lead-visibility.ts),
 * resolved for each recipient as their own session would be. Nobody is told
 * about a lead they could not open. The members, their organization's setting
 * and whether the lead is the organization's (all that an organization-wide
 * reader needs) are one statement; only a member limited to their own leads
 * costs a statement of their own.
 */
export async function recipientsWhoSee(tx: DbTx, organizationId: string, userIds: readonly string[], leadId: string | null): Promise<string[]> {
  if (userIds.length === 0) return [];
  // Prepared (server/db/prepared-statements.ts): a create runs it every time, with fixed text and a plan that does not depend on the values.
  const members = await tx.$queryRaw<{ userId: string; role: MemberRole; leadVisibility: LeadVisibilitySetting; inOrganization: boolean }[]>(preparedStatement(Prisma.sql`
    SELECT m."userId"::text AS "userId", m."role"::text AS "role", o."leadVisibility"::text AS "leadVisibility",
      EXISTS (SELECT 1 FROM "Lead" l WHERE l."id" = ${leadId} AND ${visibleLeadsSql({ organizationId, leadVisibility: ORGANIZATION_WIDE }, "l")}) AS "inOrganization"
    FROM "Membership" m JOIN "Organization" o ON o."id" = m."organizationId"
    WHERE m."organizationId" = ${organizationId}::uuid AND m."userId" = ANY(${[...new Set(userIds)]}::uuid[])`));
  if (leadId === null) return members.map((m) => m.userId);
  const seeing: string[] = [];
  for (const member of members) {
    const leadVisibility = await resolveLeadVisibility(tx, { id: organizationId, leadVisibility: member.leadVisibility }, { userId: member.userId, role: member.role });
    if (leadVisibility.scope === "organization") {
      if (member.inOrganization) seeing.push(member.userId);
      continue;
    }
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT l."id" FROM "Lead" l WHERE l."id" = ${leadId} AND ${visibleLeadsSql({ organizationId, leadVisibility }, "l")}`;
    if (rows.length > 0) seeing.push(member.userId);
  }
  return seeing;
}
