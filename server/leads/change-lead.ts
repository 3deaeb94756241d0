import { scheduleLeadMatching } from "../matching/match-job";
import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import { eventSourceOf, recordEvents } from "../events/record-events";
import { resolveLeadState } from "../pipeline/lead-state";
import { actorOf } from "./activities/activity-actor";
import { lastActivityAfter, recordActivities } from "./activities/record-activities";
import { assertContactIdentity } from "./contact-identity";
import { lockLeadOrThrow } from "./find-lead";
import type { LeadBody } from "./lead-body";
import { checkLeadReferences } from "./lead-references";
import { leadInclude, toLeadRepresentation, type LeadRepresentation } from "./lead-representation";
import { defaultCountryOf, diffLeadValues, mergeLeadValues, toLeadColumns, valuesOf, type LeadValues } from "./lead-values";
import { assertExternalIdFree } from "./lead-external-id";
import { notifyNewOwners } from "../notifications/assignment-notices";
import { effectsOfUpdate, type ChangeCause, type StageMove } from "./lead-write-effects";
import { firstTouchOnAssignment } from "./first-touch/first-touch-deadline";

/**
 * A change to an existing lead: the writable fields (as `PUT /leads/{leadId}`
 * takes them) plus `roundRobinId`, which only a pool's turn sets.
 */
export type LeadChange = LeadBody & { roundRobinId?: string };

/**
 * The one way an existing lead changes, whoever asks: `PUT /leads/{leadId}`,
 * the dashboard's edit dialog and pipeline board, round robin (`POST
 * /round-robin/assign`, a pool taking a removed member's leads), team
 * (handing a removed member's leads to a member), sequences (the do-not-call
 * toggle and the do-not-call call outcome). In the caller's transaction:
 * locks the lead (a concurrent change applies after this one), merges the
 * change into it (omitted fields stay, null clears), checks the contact rule
 * and the references sent, keeps the stage and the status one state (a new
 * stage sets its status, a new status moves to its stage: lead-state.ts), writes only the fields that really
 * change, and records the timeline entries and events of the diff
 * (`lead-write-effects.ts`; docs/lead-changes.md lists them per field).
 * `lead.updated` is emitted on every accepted change, even one that changes
 * nothing, as the contract says of PUT. The entries' author is the principal
 * (a member, an API key, or the System for the service's own work); `cause`
 * says whether a round-robin pool chose the assignee.
 */
export async function changeLead(
  tx: DbTx,
  principal: Principal,
  leadId: string,
  change: LeadChange,
  cause: ChangeCause = { autoAssigned: false },
): Promise<LeadRepresentation> {
  const organizationId = principal.organizationId;
  const before = toLeadRepresentation(await lockLeadOrThrow(tx, principal, leadId, "update"), principal.organization.locale);
  const merged = mergeLeadValues(valuesOf(before), change);
  assertContactIdentity(merged);
  const next = await checkLeadReferences(tx, organizationId, merged, {
    assignedToId: change.assignedToId !== undefined,
    stageId: change.stageId !== undefined,
    projectId: change.projectId !== undefined,
    unitId: change.unitId !== undefined,
    interest: change.interest != null,
  });
  // One lead state: the stage, and the status it stands for (server/pipeline/lead-state.ts).
  Object.assign(next, await resolveLeadState(tx, organizationId, before, { status: change.status, stageId: change.stageId }));

  const changes = diffLeadValues(valuesOf(before), next);
  if (changes.externalId || changes.source) await assertExternalIdFree(tx, organizationId, next, leadId);
  const changedKeys = Object.keys(changes) as (keyof LeadValues)[];
  const pool: { roundRobinId?: string } =
    change.roundRobinId !== undefined && change.roundRobinId !== before.roundRobinId ? { roundRobinId: change.roundRobinId } : {};
  // A new owner gets a fresh first-touch deadline (none for a lead left without one).
  const firstTouch = changedKeys.includes("assignedToId")
    ? await firstTouchOnAssignment(
        tx,
        organizationId,
        { status: next.status, firstTouchAt: before.firstTouch.touchedAt === null ? null : new Date(before.firstTouch.touchedAt), roundRobinId: pool.roundRobinId ?? before.roundRobinId },
        next.assignedToId,
        cause.at ?? new Date(),
      )
    : null;
  // A change that changes nothing writes nothing, so `updatedAt` stays where it is (integrators sync by it).
  const row =
    changedKeys.length > 0 || pool.roundRobinId !== undefined
      ? await tx.lead.update({
          where: { id: leadId, organizationId },
          data: {
            ...toLeadColumns(next, changedKeys, changedKeys.includes("phone") ? await defaultCountryOf(tx, organizationId, next.phone) : null),
            ...pool,
            ...firstTouch,
          },
          include: leadInclude,
        })
      : null;
  const after = row ? toLeadRepresentation(row, principal.organization.locale) : before;

  const effects = effectsOfUpdate(before, after, changes, cause, changes.stageId ? await stageMoveOf(tx, organizationId, before.stageId, after.stageId) : undefined);
  if (row && effects.activities.length > 0) {
    const actor = await actorOf(tx, principal);
    const recorded = await recordActivities(tx, { organizationId, leadId, actor, at: row.updatedAt, locale: principal.organization.locale }, effects.activities);
    after.lastActivityAt = lastActivityAfter(after.lastActivityAt, recorded);
  }
  await recordEvents(tx, eventSourceOf(principal), effects.events);
  await notifyNewOwners(tx, principal, effects.events);
  if (changes.interest && after.interest !== null) await scheduleLeadMatching(tx, organizationId, leadId);
  return after;
}

/** The two stages of a stage change as they are named (a default stage by its key), for the timeline entry. */
async function stageMoveOf(tx: DbTx, organizationId: string, fromId: string | null, toId: string | null): Promise<StageMove> {
  const ids = [fromId, toId].filter((id): id is string => id !== null);
  const stages = await tx.pipelineStage.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, name: true, systemKey: true } });
  const naming = (id: string | null) => {
    const stage = stages.find((candidate) => candidate.id === id);
    return stage ? { name: stage.name, systemKey: stage.systemKey } : null;
  };
  return { from: naming(fromId), to: naming(toId) };
}
