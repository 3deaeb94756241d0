import type { DbTx } from "../db/client";
import { resolveLeadVisibility, visibleLeadsSql } from "../leads/lead-visibility";

/**
 * Which of `userIds` are members of the organization who see the lead now:
 * the same visibility rule as every lead read (server/leads/lead-visibility.ts),
 * resolved for each recipient as their own session would be. Nobody is told
 * about a lead they could not open.
 */
export async function recipientsWhoSee(tx: DbTx, organizationId: string, userIds: readonly string[], leadId: string | null): Promise<string[]> {
  if (userIds.length === 0) return [];
  const members = await tx.membership.findMany({
    where: { organizationId, userId: { in: [...new Set(userIds)] } },
    select: { userId: true, role: true, organization: { select: { leadVisibility: true } } },
  });
  if (leadId === null) return members.map((m) => m.userId);
  const seeing: string[] = [];
  for (const member of members) {
    const leadVisibility = await resolveLeadVisibility(
      tx,
      { id: organizationId, leadVisibility: member.organization.leadVisibility },
      { userId: member.userId, role: member.role },
    );
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT l."id" FROM "Lead" l WHERE l."id" = ${leadId} AND ${visibleLeadsSql({ organizationId, leadVisibility }, "l")}`;
    if (rows.length > 0) seeing.push(member.userId);
  }
  return seeing;
}
