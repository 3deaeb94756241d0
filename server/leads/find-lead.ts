import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { leadInclude, type LeadRow } from "./lead-representation";

export function leadNotFound(): ApiError {
  return new ApiError("NOT_FOUND", "resource.notFound", { resource: "Lead" });
}

/** A lead of this organization with its display names; another organization's lead is not found. */
export async function findLeadOrThrow(tx: DbTx, organizationId: string, leadId: string): Promise<LeadRow> {
  const row = await tx.lead.findFirst({ where: { id: leadId, organizationId }, include: leadInclude });
  if (!row) throw leadNotFound();
  return row;
}

/**
 * Locks the lead row for the rest of the transaction, then reads it. `update`
 * (updates, deletion) makes concurrent writes to one lead apply one after
 * another, each merging into and diffing against the state the previous one
 * left; `share` (timeline entries) only keeps the lead from being deleted
 * underneath the entry being added.
 */
export async function lockLeadOrThrow(
  tx: DbTx,
  organizationId: string,
  leadId: string,
  mode: "update" | "share",
): Promise<LeadRow> {
  const locked =
    mode === "update"
      ? await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "Lead" WHERE "id" = ${leadId} AND "organizationId" = ${organizationId}::uuid FOR UPDATE`
      : await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "Lead" WHERE "id" = ${leadId} AND "organizationId" = ${organizationId}::uuid FOR KEY SHARE`;
  if (locked.length === 0) throw leadNotFound();
  return findLeadOrThrow(tx, organizationId, leadId);
}
