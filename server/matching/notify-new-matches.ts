import type { DbTx } from "../db/client";
import { noticeLeadName, notifyUsers } from "../notifications/notify-users";
import { effectiveMatchSendingOfProjects } from "./match-sending-settings";

/**
 * Tells each lead's owner about the lead's new matches in projects whose
 * match sending (the project's own, else the organization's default) has
 * `notifyOwner` on: one `unit_matched` notice per lead per
 * matching run (a new tower matching a lead with five units is one notice,
 * not five), in the transaction that recorded the matches — so a match is
 * recorded exactly when its notice is, and a retried run finds nothing new.
 * An unassigned lead notifies nobody.
 */
export async function notifyNewMatches(tx: DbTx, organizationId: string, pairs: readonly { unitId: string; leadId: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  const units = await tx.unit.findMany({
    where: { organizationId, id: { in: [...new Set(pairs.map((pair) => pair.unitId))] } },
    select: { id: true, projectId: true },
  });
  const settings = await effectiveMatchSendingOfProjects(tx, organizationId, [...new Set(units.map((unit) => unit.projectId))]);
  const notifyingProjects = new Set([...settings].filter(([, setting]) => setting.notifyOwner).map(([projectId]) => projectId));
  const notifyingUnits = new Set(units.filter((unit) => notifyingProjects.has(unit.projectId)).map((unit) => unit.id));
  const firstUnitOfLead = new Map<string, string>();
  for (const pair of pairs) {
    if (notifyingUnits.has(pair.unitId) && !firstUnitOfLead.has(pair.leadId)) firstUnitOfLead.set(pair.leadId, pair.unitId);
  }
  if (firstUnitOfLead.size === 0) return;
  const leads = await tx.lead.findMany({
    where: { organizationId, id: { in: [...firstUnitOfLead.keys()] }, assignedToId: { not: null } },
    select: { id: true, assignedToId: true, firstName: true, lastName: true, email: true, phone: true },
  });
  for (const lead of leads) {
    await notifyUsers(tx, organizationId, {
      userIds: [lead.assignedToId!],
      kind: "unit_matched",
      leadId: lead.id,
      leadName: noticeLeadName(lead),
      // A pair is recorded once, so this only guards a notice written twice by mistake.
      dedupeKey: `unit_matched:${lead.id}:${firstUnitOfLead.get(lead.id)}`,
    });
  }
}
