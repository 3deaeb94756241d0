import type { DbTx } from "../../db/client";
import { runAtomically } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { eventSourceOf, recordEvents } from "../../events/record-events";
import { actorOf } from "../activities/activity-actor";
import { recordActivities } from "../activities/record-activities";
import { leadInclude, toLeadRepresentation, type LeadRepresentation } from "../lead-representation";
import { defaultCountryOf, diffLeadValues, toLeadColumns, valuesOf, type LeadValues } from "../lead-values";
import { leadFromSnapshot, type LeadSnapshot } from "./lead-snapshot";
import { lockLeadsInOrder, type MergeSnapshot } from "./merge-leads";
import { moveLeadRecordsBack } from "./move-lead-records";

/** How long a merge can be undone; the snapshot is pruned after it (prune-lead-merges job). */
export const MERGE_UNDO_DAYS = 30;
export const MERGE_UNDO_MS = MERGE_UNDO_DAYS * 24 * 60 * 60 * 1000;

/** Fields restored together or not at all, like a merge chooses them. */
const GROUPS: (keyof LeadValues)[][] = [["status", "stageId"], ["projectId", "unitId"], ["source", "sourceMetadata"]];

export interface UndoResult {
  lead: LeadRepresentation;
  restoredLeads: LeadRepresentation[];
}

/**
 * Undoes a merge within 30 days: the merged-away leads come back with their
 * ids and fields, exactly the records the merge moved go back to them
 * (anything added to the survivor since stays), and each survivor field the
 * merge changed returns to its value before, unless it was changed again
 * since. The caller must see the survivor and every restored lead (else 404,
 * nothing written). A reference a restored lead held that no longer exists
 * (a removed member, a deleted stage or project) is left empty. A `unmerged`
 * entry on the survivor, a `restored` entry on each restored lead, and `lead.unmerged`.
 */
export async function undoMerge(ctx: DomainContext, survivorId: string, mergeId: string, now = new Date()): Promise<UndoResult> {
  const { principal } = ctx;
  const { organizationId } = principal;
  const locale = principal.organization.locale;
  return runAtomically(ctx.db, async (tx) => {
    await lockLeadsInOrder(tx, principal, [survivorId]);
    const merge = await tx.leadMerge.findFirst({ where: { id: mergeId, organizationId, survivorId } });
    if (!merge) throw new ApiError("NOT_FOUND", "intake.mergeNotFound");
    if (merge.undoneAt !== null) throw new ApiError("CONFLICT", "intake.mergeUndone");
    if (merge.snapshot === null || now.getTime() - merge.createdAt.getTime() > MERGE_UNDO_MS) throw new ApiError("BAD_REQUEST", "intake.mergeExpired");
    const snapshot = merge.snapshot as unknown as MergeSnapshot;
    const ids = merge.mergedLeadIds;

    const again = await tx.mergedLead.findFirst({ where: { organizationId, leadId: { in: ids }, mergeId: { not: mergeId } } });
    if (again) throw new ApiError("CONFLICT", "intake.mergeSupersededBy", { leadId: again.survivorId });

    await tx.mergedLead.deleteMany({ where: { mergeId } });
    await tx.lead.createMany({ data: await Promise.all(snapshot.leads.map((lead) => restorable(tx, organizationId, lead))) });
    await lockLeadsInOrder(tx, principal, ids);
    await moveLeadRecordsBack(tx, organizationId, snapshot.moved, survivorId);

    const current = valuesOf(toLeadRepresentation(await tx.lead.findFirstOrThrow({ where: { id: survivorId }, include: leadInclude }), locale));
    const restore: Partial<LeadValues> = {};
    const changed = Object.keys(snapshot.before) as (keyof LeadValues)[];
    for (const key of changed) {
      const group = GROUPS.find((keys) => keys.includes(key)) ?? [key];
      const untouched = group.every((k) => !(k in snapshot.after) || !diffLeadValues({ [k]: current[k] } as LeadValues, { [k]: snapshot.after[k] } as LeadValues)[k]);
      if (untouched) for (const k of group) if (k in snapshot.before) (restore as Record<string, unknown>)[k] = snapshot.before[k];
    }
    const restoredKeys = Object.keys(restore) as (keyof LeadValues)[];
    const next = { ...current, ...restore };
    const row = await tx.lead.update({
      where: { id: survivorId },
      data: restoredKeys.length > 0 ? toLeadColumns(next, restoredKeys, await defaultCountryOf(tx, organizationId, next.phone)) : {},
      include: leadInclude,
    });
    await tx.leadMerge.update({ where: { id: mergeId }, data: { undoneAt: now } });

    const actor = await actorOf(tx, principal);
    await recordActivities(tx, { organizationId, leadId: survivorId, actor, locale }, [
      {
        type: "updated",
        activityScope: "system",
        message: { key: "unmerged", count: ids.length },
        changes: { ...diffLeadValues(current, next), merge: { from: mergeId, to: null }, restoredLeadIds: { from: null, to: ids } },
      },
    ]);
    for (const leadId of ids) {
      await recordActivities(tx, { organizationId, leadId, actor, locale }, [{ type: "updated", activityScope: "system", message: { key: "restored" } }]);
    }
    const rows = await tx.lead.findMany({ where: { organizationId, id: { in: [survivorId, ...ids] } }, include: leadInclude });
    const shown = new Map(rows.map((r) => [r.id, toLeadRepresentation(r, locale)]));
    const lead = shown.get(survivorId) ?? toLeadRepresentation(row, locale);
    const restoredLeads = ids.map((id) => shown.get(id)!);
    await recordEvents(tx, eventSourceOf(principal), [{ type: "lead.unmerged", data: { lead, restoredLeads, mergeId } }]);
    return { lead, restoredLeads };
  });
}

/** The snapshot's row, with references that no longer resolve cleared (a removed member, a deleted stage, project or unit). */
async function restorable(tx: DbTx, organizationId: string, snapshot: LeadSnapshot) {
  const data = leadFromSnapshot(snapshot);
  if (data.assignedToId && !(await tx.membership.findFirst({ where: { organizationId, userId: data.assignedToId }, select: { id: true } }))) {
    data.assignedToId = null;
  }
  if (data.stageId && !(await tx.pipelineStage.findFirst({ where: { organizationId, id: data.stageId }, select: { id: true } }))) {
    data.stageId = null;
  }
  if (data.projectId && !(await tx.project.findFirst({ where: { organizationId, id: data.projectId }, select: { id: true } }))) {
    data.projectId = null;
    data.unitId = null;
  }
  if (data.unitId && !(await tx.unit.findFirst({ where: { id: data.unitId }, select: { id: true } }))) data.unitId = null;
  if (data.roundRobinId && !(await tx.roundRobinPool.findFirst({ where: { organizationId, id: data.roundRobinId }, select: { id: true } }))) {
    data.roundRobinId = null;
  }
  return data;
}
