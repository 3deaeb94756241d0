import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { runAtomically } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { eventSourceOf, recordEvents } from "../../events/record-events";
import { newId } from "../../ids";
import { actorOf } from "../activities/activity-actor";
import { lastActivityAfter, recordActivities } from "../activities/record-activities";
import { leadInclude, toLeadRepresentation, type LeadRepresentation } from "../lead-representation";
import { defaultCountryOf, diffLeadValues, toLeadColumns, valuesOf, type LeadValues } from "../lead-values";
import { visibleLeadsSql } from "../lead-visibility";
import { missingLeadError } from "./merged-lead-notice";
import { snapshotOfLead, type LeadSnapshot } from "./lead-snapshot";
import { mergedValues, type MergeField } from "./merge-values";
import { moveLeadRecords, type MovedRecords } from "./move-lead-records";

export interface MergeRequest {
  duplicateIds: string[];
  fields?: Partial<Record<MergeField, string>>;
}

/** What undo needs, stored in `LeadMerge.snapshot` for 30 days. */
export interface MergeSnapshot {
  leads: LeadSnapshot[];
  /** The survivor's values the merge changed, before and after. */
  before: Partial<LeadValues>;
  after: Partial<LeadValues>;
  moved: MovedRecords;
}

export interface MergeResult {
  mergeId: string;
  lead: LeadRepresentation;
  mergedLeadIds: string[];
}

/**
 * Locks `ids` in one fixed order (by id), so two merges over overlapping
 * leads queue instead of deadlocking; each must be a lead the caller sees,
 * else the 404 of the first that is not (naming its survivor if it was merged away).
 */
export async function lockLeadsInOrder(tx: DbTx, principal: Principal, ids: readonly string[]): Promise<void> {
  const sorted = [...ids].sort();
  const locked = await tx.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT l."id" FROM "Lead" l WHERE l."id" = ANY(${sorted}::text[]) AND ${visibleLeadsSql(principal)} ORDER BY l."id" FOR UPDATE`,
  );
  const found = new Set(locked.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw await missingLeadError(tx, principal, missing);
}

/**
 * Merges `request.duplicateIds` into `survivorId`, in the caller's
 * transaction or one of its own: the survivor takes the chosen and the
 * missing field values (merge-values.ts), every record of the duplicates
 * moves to it (timeline, notes and communications, WhatsApp messages,
 * calendar meetings, sequence contacts, round-robin assignment history),
 * the duplicates' rows are removed (they leave every list, search and
 * maintained count; no `lead.deleted`), their ids answer 404 naming the
 * survivor, and the merge is kept for 30 days to be undone. Records a
 * `merged` timeline entry on the survivor and emits `lead.merged`.
 */
export async function mergeLeads(ctx: DomainContext, survivorId: string, request: MergeRequest): Promise<MergeResult> {
  return runAtomically(ctx.db, (tx) => mergeLeadsIn(tx, ctx.principal, survivorId, request));
}

export async function mergeLeadsIn(tx: DbTx, principal: Principal, survivorId: string, request: MergeRequest): Promise<MergeResult> {
  const { organizationId } = principal;
  const locale = principal.organization.locale;
  const duplicateIds = request.duplicateIds;
  await lockLeadsInOrder(tx, principal, [survivorId, ...duplicateIds]);

  const rows = await tx.lead.findMany({ where: { organizationId, id: { in: [survivorId, ...duplicateIds] } }, include: leadInclude });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const party = (id: string) => ({ id, values: valuesOf(toLeadRepresentation(byId.get(id)!, locale)) });
  const survivor = party(survivorId);
  const next = mergedValues(survivor, duplicateIds.map(party), request.fields ?? {});
  const changes = diffLeadValues(survivor.values, next);
  const changedKeys = Object.keys(changes) as (keyof LeadValues)[];

  const mergeId = newId("merge");
  const moved = await moveLeadRecords(tx, organizationId, duplicateIds, survivorId);
  const snapshot: MergeSnapshot = {
    leads: duplicateIds.map((id) => snapshotOfLead(byId.get(id)!)),
    before: Object.fromEntries(changedKeys.map((key) => [key, survivor.values[key]])),
    after: Object.fromEntries(changedKeys.map((key) => [key, next[key]])),
    moved,
  };
  await tx.lead.deleteMany({ where: { organizationId, id: { in: duplicateIds } } });
  await tx.leadMerge.create({
    data: { id: mergeId, organizationId, survivorId, mergedLeadIds: duplicateIds, snapshot: snapshot as unknown as Prisma.InputJsonValue },
  });
  await tx.mergedLead.createMany({ data: duplicateIds.map((leadId) => ({ leadId, organizationId, survivorId, mergeId })) });

  const latestActivity = rows.reduce((latest, row) => (row.lastActivityAt > latest ? row.lastActivityAt : latest), new Date(0));
  const row = await tx.lead.update({
    where: { id: survivorId },
    data: {
      ...(changedKeys.length > 0
        ? toLeadColumns(next, changedKeys, changedKeys.includes("phone") ? await defaultCountryOf(tx, organizationId, next.phone) : null)
        : {}),
      lastActivityAt: latestActivity,
    },
    include: leadInclude,
  });
  const lead = toLeadRepresentation(row, locale);
  const recorded = await recordActivities(tx, { organizationId, leadId: survivorId, actor: await actorOf(tx, principal), locale }, [
    {
      type: "updated",
      activityScope: "system",
      message: { key: "merged", count: duplicateIds.length },
      changes: { ...changes, merge: { from: null, to: mergeId }, mergedLeadIds: { from: null, to: duplicateIds } },
    },
  ]);
  lead.lastActivityAt = lastActivityAfter(lead.lastActivityAt, recorded);
  await recordEvents(tx, eventSourceOf(principal), [{ type: "lead.merged", data: { lead, mergedLeadIds: duplicateIds, mergeId } }]);
  return { mergeId, lead, mergedLeadIds: duplicateIds };
}
