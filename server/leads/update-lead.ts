import { eventSourceOf, recordEvents } from "../events/record-events";
import { statusForStage } from "../pipeline/status-for-stage";
import { actorOf } from "./activities/activity-actor";
import { lastActivityAfter, recordActivities } from "./activities/record-activities";
import { assertContactIdentity } from "./contact-identity";
import type { DomainContext } from "../domain-context";
import { findLeadOrThrow, lockLeadOrThrow } from "./find-lead";
import type { LeadBody } from "./lead-body";
import { checkLeadReferences } from "./lead-references";
import { leadInclude, toLeadRepresentation, type LeadRepresentation } from "./lead-representation";
import { defaultCountryOf, diffLeadValues, mergeLeadValues, toLeadColumns, valuesOf, type LeadValues } from "./lead-values";
import { effectsOfUpdate } from "./lead-write-effects";
import { runInTransaction } from "../db/run-in-transaction";

/**
 * Updates a lead: fields sent replace the stored ones (null clears), omitted
 * fields stay. Moving the lead to a won or lost stage without sending a
 * status sets that status. The contact-identity rule is checked on the
 * merged lead, and only fields that really change are written and reported. `lead.updated` is
 * emitted on every accepted update, even one that changes nothing, so
 * integrations that "touch" a lead see it.
 */
export async function updateLead(ctx: DomainContext, leadId: string, patch: LeadBody): Promise<LeadRepresentation> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;

  return runInTransaction(ctx.db, async (tx) => {
    const before = toLeadRepresentation(await lockLeadOrThrow(tx, organizationId, leadId, "update"));
    const merged = mergeLeadValues(valuesOf(before), patch);
    if (patch.stageId != null && patch.status === undefined && patch.stageId !== before.stageId) {
      merged.status = (await statusForStage(tx, organizationId, patch.stageId)) ?? merged.status;
    }
    assertContactIdentity(merged);
    const next = await checkLeadReferences(tx, organizationId, merged, {
      assignedToId: patch.assignedToId !== undefined,
      stageId: patch.stageId !== undefined,
      projectId: patch.projectId !== undefined,
      unitId: patch.unitId !== undefined,
    });

    const changes = diffLeadValues(valuesOf(before), next);
    const changedKeys = Object.keys(changes) as (keyof LeadValues)[];
    const row =
      changedKeys.length > 0
        ? await tx.lead.update({
            where: { id: leadId, organizationId },
            data: toLeadColumns(next, changedKeys, changedKeys.includes("phone") ? await defaultCountryOf(tx, organizationId, next.phone) : null),
            include: leadInclude,
          })
        : await findLeadOrThrow(tx, organizationId, leadId);
    const after = toLeadRepresentation(row);

    const effects = effectsOfUpdate(before, after, changes);
    if (effects.activities.length > 0) {
      const actor = await actorOf(tx, principal);
      const recorded = await recordActivities(tx, { organizationId, leadId, actor, at: row.updatedAt }, effects.activities);
      after.lastActivityAt = lastActivityAfter(after.lastActivityAt, recorded);
    }
    await recordEvents(tx, eventSourceOf(principal), effects.events);
    return after;
  });
}
