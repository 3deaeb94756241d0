import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import type { DomainEvent } from "../events/record-events";
import { noticeLeadName, notifyUsers } from "./notify-users";

/**
 * Tells the new owner of each lead a write assigned (every `lead.assigned`
 * the write records: create-time routing, a pool's turn, a manager's edit,
 * an escalation's reassignment). Called by the leads' own writers
 * (`createLead`, `changeLead`) right after they record their events, so every
 * assignment, whatever the door, notifies exactly once. Taking a lead
 * yourself notifies nobody.
 */
export async function notifyNewOwners(tx: DbTx, principal: Principal, events: readonly DomainEvent[]): Promise<void> {
  for (const event of events) {
    if (event.type !== "lead.assigned") continue;
    const { lead } = event.data;
    if (lead.assignedToId === null || lead.assignedToId === principal.userId) continue;
    await notifyUsers(tx, principal.organizationId, {
      userIds: [lead.assignedToId],
      kind: "lead_assigned",
      leadId: lead.id,
      leadName: noticeLeadName(lead),
    });
  }
}
