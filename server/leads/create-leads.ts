import { scheduleLeadMatching } from "../matching/match-job";
import { scheduleInstantReply } from "../instant-reply/schedule-instant-reply";
import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { eventSourceOf, prepareEvents, type DomainEvent } from "../events/record-events";
import { newId } from "../ids";
import { originOf } from "../round-robin/lead-origin";
import { actorOf } from "./activities/activity-actor";
import { lastActivityAfter, prepareActivities } from "./activities/record-activities";
import { assignOnCreate, recordAssignmentOnCreate, type AssignmentOutcome } from "./assign-on-create";
import type { CreateLeadRequest } from "./create-lead";
import { applyDuplicatePolicyToMany } from "./duplicates/apply-duplicate-policy";
import { firstTouchOnAssignment } from "./first-touch/first-touch-deadline";
import { leadCapacity, leadLimitReached } from "./lead-plan-limit";
import { toLeadRepresentation, type LeadRepresentation } from "./lead-representation";
import { insertLeads, type NewLeadRow } from "./insert-leads";
import { writeLeadStory } from "./lead-story";
import { defaultCountryOf, type LeadValues } from "./lead-values";
import { effectsOfCreate } from "./lead-write-effects";
import { notifyNewOwners } from "../notifications/assignment-notices";

/** A new lead whose values passed `newLeadValues` and `checkNewLead` (server/leads/new-lead.ts). */
export interface CheckedLead {
  request: CreateLeadRequest;
  values: LeadValues;
}

/** Per lead, in the order given: the lead as the single create answers it (maybe the one it was merged into), or the refusal. */
export type CreatedLead = { created: LeadRepresentation; answered: LeadRepresentation } | { refused: ApiError };

/**
 * `createLead` for many checked leads at once, in the caller's transaction (a
 * chunk of an import): the same rules and effects, in set-sized statements.
 * The plan limit is read once, under its lock, before the inserts: the leads
 * past the room left are refused as the single create refuses each. Routing
 * goes lead by lead in order, through the same pool turns (an origin no pool
 * takes is asked once per chunk); then one insert of the leads (`insertLeads`, the single create's statement),
 * one of their timeline entries, one of their events (and webhook
 * deliveries), and the organization's duplicate policy over all of them
 * (applyDuplicatePolicyToMany), each lead compared only with those before
 * it. Leads get creation times 1 ms apart, in the order given and ending
 * now, so "oldest first" keeps the order they arrived in. The maintained
 * counts follow each inserted row (their triggers), as for a single create.
 */
export async function createLeads(tx: DbTx, principal: Principal, leads: readonly CheckedLead[]): Promise<CreatedLead[]> {
  const organizationId = principal.organizationId;
  const outcomes: CreatedLead[] = new Array(leads.length);
  const capacity = await leadCapacity(tx, organizationId);
  const room = capacity === null ? leads.length : Math.max(0, capacity.max - capacity.count);
  const admitted: { index: number; values: LeadValues; assignment: AssignmentOutcome }[] = [];
  const unrouted = new Set<string>();
  for (const [index, { request, values }] of leads.entries()) {
    if (admitted.length >= room) {
      outcomes[index] = { refused: leadLimitReached(capacity!.max) };
      continue;
    }
    const routing = { organizationId, assignedToId: values.assignedToId, roundRobinId: request.roundRobinId ?? null, values };
    const origin = JSON.stringify(originOf(values));
    const asksPools = routing.assignedToId === null && routing.roundRobinId === null;
    const assignment =
      asksPools && unrouted.has(origin)
        ? { assignedToId: null, roundRobinId: null, autoAssigned: false, turn: null }
        : await assignOnCreate(tx, routing);
    if (asksPools && assignment.roundRobinId === null) unrouted.add(origin);
    admitted.push({ index, values: { ...values, assignedToId: assignment.assignedToId }, assignment });
  }
  if (admitted.length === 0) return outcomes;

  const now = new Date();
  let country: Promise<string | null> | undefined;
  const rows: NewLeadRow[] = [];
  for (const [position, { values, assignment }] of admitted.entries()) {
    const lead0 = { status: values.status, firstTouchAt: null, roundRobinId: assignment.roundRobinId };
    const firstTouch = await firstTouchOnAssignment(tx, organizationId, lead0, values.assignedToId, now);
    const national = values.phone !== null && !/^\s*(\+|00)/.test(values.phone);
    rows.push({
      id: newId("lead"),
      organizationId,
      values,
      defaultCountry: national ? await (country ??= defaultCountryOf(tx, organizationId, values.phone)) : null,
      roundRobinId: assignment.roundRobinId,
      firstTouchDueAt: firstTouch?.firstTouchDueAt ?? null,
      createdAt: new Date(now.getTime() - admitted.length + 1 + position),
    });
  }
  const stored = await insertLeads(tx, rows);
  const written = admitted.map((entry, position) => {
    const row = stored[position]!;
    return { ...entry, row, lead: toLeadRepresentation(row, principal.organization.locale) };
  });

  const actor = await actorOf(tx, principal);
  const effects = written.map(({ lead, assignment }) => effectsOfCreate(lead, assignment));
  const timeline = prepareActivities(
    written.map(({ lead, row }, position) => ({
      target: { organizationId, leadId: lead.id, actor, at: row.createdAt, locale: principal.organization.locale },
      activities: effects[position]!.activities,
    })),
  );
  const events: DomainEvent[] = [];
  for (const [position, { lead, assignment }] of written.entries()) {
    await recordAssignmentOnCreate(tx, organizationId, assignment, lead);
    lead.lastActivityAt = lastActivityAfter(lead.lastActivityAt, timeline.answers[position]!);
    events.push(...effects[position]!.events);
    if (lead.interest !== null) await scheduleLeadMatching(tx, organizationId, lead.id);
  }
  // The chunk's timeline and events (with their deliveries) in one statement; each routed lead's history row and matching job went above.
  await writeLeadStory(tx, { history: null, activities: timeline.insert, events: prepareEvents(eventSourceOf(principal), events), matching: null });
  await notifyNewOwners(tx, principal, events);

  const answered = await applyDuplicatePolicyToMany(tx, principal, written.map(({ lead, row }) => ({ lead, keys: row })));
  for (const [position, { index, lead, row, assignment }] of written.entries()) {
    const answer = answered[position]!;
    // Only a lead that is new after the duplicate policy arrived; one merged into an existing lead did not.
    if (leads[index]!.request.instantReply !== false && answer.id === lead.id) {
      await scheduleInstantReply(tx, organizationId, { id: lead.id, roundRobinId: assignment.roundRobinId, source: row.source });
    }
    outcomes[index] = { created: lead, answered: answer };
  }
  return outcomes;
}
