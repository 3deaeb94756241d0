import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { leadInclude, type LeadRow } from "./lead-representation";
import { missingLeadError } from "./merge/merged-lead-notice";
import { visibleLeadsSql, visibleLeadsWhere } from "./lead-visibility";

export function leadNotFound(): ApiError {
  return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Lead" });
}

/**
 * A lead the caller sees, with its display names: the organization and the
 * caller's lead visibility are in the WHERE, so another organization's lead
 * and a lead the caller may not see are both simply not found.
 */
export async function findLeadOrThrow(tx: DbTx, principal: Principal, leadId: string): Promise<LeadRow> {
  const row = await tx.lead.findFirst({ where: { id: leadId, ...visibleLeadsWhere(principal) }, include: leadInclude });
  if (!row) throw await missingLeadError(tx, principal, leadId);
  return row;
}

/**
 * Locks a lead the caller sees for the rest of the transaction, then reads
 * it. `update` (updates, deletion) makes concurrent writes to one lead apply
 * one after another, each merging into and diffing against the state the
 * previous one left; `share` (timeline entries) only keeps the lead from
 * being deleted underneath the entry being added.
 */
export async function lockLeadOrThrow(tx: DbTx, principal: Principal, leadId: string, mode: "update" | "share"): Promise<LeadRow> {
  const visible = visibleLeadsSql(principal);
  const locked =
    mode === "update"
      ? await tx.$queryRaw<{ id: string }[]>`SELECT l."id" FROM "Lead" l WHERE l."id" = ${leadId} AND ${visible} FOR UPDATE`
      : await tx.$queryRaw<{ id: string }[]>`SELECT l."id" FROM "Lead" l WHERE l."id" = ${leadId} AND ${visible} FOR KEY SHARE`;
  if (locked.length === 0) throw await missingLeadError(tx, principal, leadId);
  return findLeadOrThrow(tx, principal, leadId);
}
