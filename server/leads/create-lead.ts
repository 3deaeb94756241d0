import { leadMatchingInsert } from "../matching/match-job";
import { scheduleInstantReply } from "../instant-reply/schedule-instant-reply";
import { eventSourceOf, prepareEvents } from "../events/record-events";
import { newId } from "../ids";
import { actorOf } from "./activities/activity-actor";
import { lastActivityAfter, prepareActivities } from "./activities/record-activities";
import { assignBeforeCreate, assignOnCreate, recordAssignmentBesideStory, releaseUnusedTurn } from "./assign-on-create";
import type { DomainContext } from "../domain-context";
import type { LeadBody } from "./lead-body";
import { assertLeadCapacity } from "./lead-plan-limit";
import { toLeadRepresentation, type LeadRepresentation } from "./lead-representation";
import { insertLeads } from "./insert-leads";
import { writeLeadStory } from "./lead-story";
import { isNationalPhone } from "./lead-values";
import { readNewLeadSettings } from "./new-lead-settings";
import { resolveLeadStateIn } from "../pipeline/lead-state";
import { checkNewLead, newLeadValues } from "./new-lead";
import { notifyNewOwners } from "../notifications/assignment-notices";
import { effectsOfCreate } from "./lead-write-effects";
import { firstTouchOnAssignment } from "./first-touch/first-touch-deadline";
import { applyDuplicatePolicy } from "./duplicates/apply-duplicate-policy";
import { insideTransaction, runAtomically } from "../db/run-in-transaction";

export type CreateLeadRequest = LeadBody & {
  roundRobinId?: string | null;
  /** Where an intake path of the service got the lead (an ad form's page, form, ad and campaign ids); never from a client's body. */
  sourceMetadata?: Record<string, string>;
  /**
   * Whether the lead's arrival is answered by the instant reply its pool or
   * source sets (server/instant-reply/); default true. The service's own
   * paths pass false where a robot's hello would be wrong: a WhatsApp
   * contact who wrote first (a person answers inside their open window),
   * imports of leads that arrived elsewhere long ago, sandbox samples.
   */
  instantReply?: boolean;
};

/**
 * Creates a lead, its timeline entries and its events in one transaction:
 * validation (contact identity, references) comes before the insert and the
 * plan limit last (server/leads/lead-plan-limit.ts), so a refused lead leaves
 * no row, no entry and no event.
 *
 * Nothing per organization is locked for the length of the write: routing
 * through a pool takes its turn first, in a short transaction of its own
 * (given back if the lead is then not written), and the plan limit queues
 * creators only for its count and the commit. Called from inside another
 * write (an inbound WhatsApp message), the turn is taken in that transaction.
 */
export async function createLead(ctx: DomainContext, request: CreateLeadRequest): Promise<LeadRepresentation> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;
  const merged = newLeadValues(request);
  const routing = {
    organizationId,
    assignedToId: merged.assignedToId,
    roundRobinId: request.roundRobinId ?? null,
    values: merged,
  };
  const routedFirst = insideTransaction(ctx.db) ? undefined : await assignBeforeCreate(ctx.db, routing);

  try {
    return await runAtomically(ctx.db, async (tx) => {
      // The organization's settings this lead needs, in one statement, for the owner and pool known so far.
      const settings = await readNewLeadSettings(tx, organizationId, {
        ownerId: routedFirst?.assignedToId ?? merged.assignedToId,
        poolId: routedFirst ? routedFirst.roundRobinId : request.roundRobinId ?? null,
        source: merged.source,
      });
      const values = await checkNewLead(tx, organizationId, merged, request, (_tx, _organizationId, sent) =>
        resolveLeadStateIn(async () => settings.pipeline, null, sent),
      );

      const assignment = routedFirst ?? (await assignOnCreate(tx, { ...routing, assignedToId: values.assignedToId, values }));
      values.assignedToId = assignment.assignedToId;
      const lead0 = { status: values.status, firstTouchAt: null, roundRobinId: assignment.roundRobinId };
      const knownPolicy = values.assignedToId === null ? undefined : settings.deadlineFor(values.assignedToId, assignment.roundRobinId);
      const firstTouch = await firstTouchOnAssignment(tx, organizationId, lead0, values.assignedToId, new Date(), knownPolicy);

      const [row] = await insertLeads(tx, [
        {
          id: newId("lead"),
          organizationId,
          values,
          defaultCountry: isNationalPhone(values.phone) ? settings.defaultCountry : null,
          roundRobinId: assignment.roundRobinId,
          firstTouchDueAt: firstTouch?.firstTouchDueAt ?? null,
          createdAt: null,
        },
      ]);
      if (row === undefined) throw new Error("the lead's insert returned no row");
      const lead = toLeadRepresentation(row, principal.organization.locale);
      const history = await recordAssignmentBesideStory(tx, organizationId, assignment, lead);
      const effects = effectsOfCreate(lead, assignment);
      const actor = await actorOf(tx, principal);
      const timeline = prepareActivities([
        { target: { organizationId, leadId: lead.id, actor, at: row.createdAt, locale: principal.organization.locale }, activities: effects.activities },
      ]);
      lead.lastActivityAt = lastActivityAfter(lead.lastActivityAt, timeline.answers[0]!);
      // The history row, the timeline, the events (with their deliveries) and the matching job in one statement.
      await writeLeadStory(tx, {
        history,
        activities: timeline.insert,
        events: prepareEvents(eventSourceOf(principal), effects.events),
        matching: lead.interest !== null ? leadMatchingInsert(organizationId, lead.id) : null,
      });
      await notifyNewOwners(tx, principal, effects.events);
      // Last: the count includes this lead, and the queue it takes lasts only until the commit.
      await assertLeadCapacity(tx, organizationId, principal.organization.maxLeads);
      // The organization's duplicate policy, for every door: may answer the existing lead this one was merged into.
      const answered = await applyDuplicatePolicy(tx, principal, lead, row);
      // Only a lead that is new after the duplicate policy arrived; one merged into an existing lead did not.
      if (request.instantReply !== false && answered.id === lead.id) {
        const reply = { id: lead.id, roundRobinId: assignment.roundRobinId, source: row.source };
        await scheduleInstantReply(tx, organizationId, reply, settings.instantReplyFor(reply.roundRobinId, reply.source));
      }
      return answered;
    });
  } catch (error) {
    if (routedFirst) await releaseUnusedTurn(ctx.db, routedFirst);
    throw error;
  }
}
