import type { DomainEvent } from "../events/record-events";
import type { ChangeSet } from "./activities/activity-representation";
import type { StageNaming } from "../pipeline/stage-name";
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

const assigneeName = (lead: LeadRepresentation) => lead.assignedTo?.name ?? lead.assignedToId;

/** The stages a stage change went between, as they are named (a default stage by its key): the timeline says it in the reader's language. */
export interface StageMove {
  from: StageNaming | null;
  to: StageNaming | null;
}

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
  /** When a new owner's first-touch deadline starts: the escalation sweep's clock; default the write's instant. */
  at?: Date;
}

function assignedEntry(lead: LeadRepresentation, changes: ChangeSet, cause: ChangeCause): NewActivity {
  return {
    type: "assigned",
    activityScope: "system",
    message: { key: "assigned", assignee: assigneeName(lead), byRoundRobin: cause.autoAssigned },
    changes,
  };
}

export function effectsOfCreate(lead: LeadRepresentation, assignment: ChangeCause): WriteEffects {
  const activities: NewActivity[] = [{ type: "created", activityScope: "system", message: { key: "created" } }];
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

export function effectsOfUpdate(
  before: LeadRepresentation,
  after: LeadRepresentation,
  changes: ChangeSet,
  cause: ChangeCause,
  stageMove: StageMove = { from: null, to: null },
): WriteEffects {
  const activities: NewActivity[] = [];
  const events: DomainEvent[] = [{ type: "lead.updated", data: { lead: after, changes } }];
  const fields = Object.keys(changes);
  if (fields.length === 0) return { activities, events };

  activities.push({ type: "updated", activityScope: "system", message: { key: "updated", fields }, changes });

  if (changes.status) {
    activities.push({
      type: "status_changed",
      activityScope: "system",
      message: { key: "statusChanged", from: before.status, to: after.status },
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
      message: { key: "stageChanged", from: stageMove.from, to: stageMove.to },
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
        message: { key: "unassigned", assignee: assigneeName(before) },
        changes: { assignedToId: changes.assignedToId },
      });
      events.push({ type: "lead.unassigned", data: { lead: after, previousAssignedToId: before.assignedToId } });
    }
  }
  return { activities, events };
}
