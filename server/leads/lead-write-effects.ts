import type { DomainEvent } from "../events/record-events";
import type { ChangeSet } from "./activities/activity-representation";
import type { NewActivity } from "./activities/record-activities";
import type { LeadRepresentation } from "./lead-representation";

/**
 * What a lead write leaves behind besides the row: timeline entries (scope
 * `system`) and webhook events. Kept side by side so the timeline and the
 * events always tell the same story.
 *
 * Event payloads: every lead.* event carries `data.lead` (the lead as GET
 * returns it, after the write; before it for lead.deleted). Additions:
 * lead.updated `changes` ({field: {from, to}}); lead.stage_changed
 * `previousStageId`; lead.won / lead.lost `previousStatus`; lead.assigned
 * `autoAssigned` and `previousAssignedToId`; lead.unassigned `previousAssignedToId`.
 */
export interface WriteEffects {
  activities: NewActivity[];
  events: DomainEvent[];
}

const displayName = (lead: LeadRepresentation) => lead.assignedTo?.name ?? lead.assignedToId ?? "nobody";

/**
 * Who chose a new assignee. One rule for every path: `autoAssigned` is true
 * exactly when a round-robin pool's turn chose the member (create-time
 * routing, `POST /round-robin/assign`, a pool taking a removed member's
 * leads) and false when a person or a client named them (create or `PUT`
 * with `assignedToId`, handing a removed member's leads to a member). It is
 * carried by `lead.assigned` and the timeline entry says "by round robin".
 */
export interface ChangeCause {
  autoAssigned: boolean;
}

function assignedEntry(lead: LeadRepresentation, changes: ChangeSet, cause: ChangeCause): NewActivity {
  const by = cause.autoAssigned ? " by round robin" : "";
  return { type: "assigned", activityScope: "system", content: `Assigned to ${displayName(lead)}${by}`, changes };
}

export function effectsOfCreate(lead: LeadRepresentation, assignment: ChangeCause): WriteEffects {
  const activities: NewActivity[] = [{ type: "created", activityScope: "system", content: "Lead created" }];
  const events: DomainEvent[] = [{ type: "lead.created", data: { lead } }];
  if (lead.assignedToId !== null) {
    activities.push(assignedEntry(lead, { assignedToId: { from: null, to: lead.assignedToId } }, assignment));
    events.push({
      type: "lead.assigned",
      data: { lead, autoAssigned: assignment.autoAssigned, previousAssignedToId: null },
    });
  }
  return { activities, events };
}

export function effectsOfUpdate(before: LeadRepresentation, after: LeadRepresentation, changes: ChangeSet, cause: ChangeCause): WriteEffects {
  const activities: NewActivity[] = [];
  const events: DomainEvent[] = [{ type: "lead.updated", data: { lead: after, changes } }];
  const fields = Object.keys(changes);
  if (fields.length === 0) return { activities, events };

  activities.push({ type: "updated", activityScope: "system", content: `Updated ${fields.join(", ")}`, changes });

  if (changes.status) {
    activities.push({
      type: "status_changed",
      activityScope: "system",
      content: `Status changed from ${before.status} to ${after.status}`,
      changes: { status: changes.status },
    });
    if (after.status === "won" || after.status === "lost") {
      events.push({ type: after.status === "won" ? "lead.won" : "lead.lost", data: { lead: after, previousStatus: before.status } });
    }
  }

  if (changes.stageId) {
    activities.push({
      type: "stage_changed",
      activityScope: "system",
      content: `Stage changed from ${before.stageName ?? "none"} to ${after.stageName ?? "none"}`,
      changes: { stageId: changes.stageId },
    });
    events.push({ type: "lead.stage_changed", data: { lead: after, previousStageId: before.stageId } });
  }

  if (changes.assignedToId) {
    if (after.assignedToId !== null) {
      activities.push(assignedEntry(after, { assignedToId: changes.assignedToId }, cause));
      events.push({
        type: "lead.assigned",
        data: { lead: after, autoAssigned: cause.autoAssigned, previousAssignedToId: before.assignedToId },
      });
    } else {
      activities.push({
        type: "unassigned",
        activityScope: "system",
        content: `Unassigned from ${displayName(before)}`,
        changes: { assignedToId: changes.assignedToId },
      });
      events.push({ type: "lead.unassigned", data: { lead: after, previousAssignedToId: before.assignedToId } });
    }
  }
  return { activities, events };
}
