import type { Principal } from "../auth/principal";
import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import { recordUnitHolding } from "../leads/activities/unit-holding";
import { findLeadOrThrow } from "../leads/find-lead";
import { ORGANIZATION_WIDE } from "../leads/lead-visibility";
import { toLeadRepresentation, type LeadRepresentation } from "../leads/lead-representation";
import type { UnitStatus } from "./catalog-values";

/**
 * Who holds a unit after a PATCH: a lead only while it is reserved or sold.
 * Naming a lead needs that status (in the same body or already stored) and
 * a lead of the organization the caller sees (`400 VALIDATION_ERROR` and
 * `404 NOT_FOUND` otherwise, nothing written); setting the unit back to `available`
 * releases it. Returns the holder to store.
 */
export async function nextHolder(
  tx: DbTx,
  principal: Principal,
  current: { status: UnitStatus; leadId: string | null },
  change: { status?: UnitStatus; leadId?: string | null },
): Promise<string | null> {
  const status = change.status ?? current.status;
  if (status === "available") {
    if (change.leadId) throw ApiError.invalid([{ path: "leadId", reason: "validation.leadNeedsHeldUnit" }]);
    return null;
  }
  if (change.leadId === undefined) return current.leadId;
  if (change.leadId === null) return null;
  // A lead out of sight is a missing lead, 404 wherever its id is given (as every lead-naming body answers).
  await findLeadOrThrow(tx, principal, change.leadId);
  return change.leadId;
}

/**
 * The timeline entries of a holding change (the new holder's "Reserved unit
 * …", the previous holder's release) and the lead `unit.status_changed`
 * carries: the holder after the write, else the one it had before.
 */
export async function recordHolderChange(
  tx: DbTx,
  principal: Principal,
  unit: { id: string; name: string; projectName: string },
  before: { status: UnitStatus; leadId: string | null },
  after: { status: UnitStatus; leadId: string | null },
  at: Date,
): Promise<LeadRepresentation | null> {
  const holdingChanged = before.leadId !== after.leadId || (after.leadId !== null && before.status !== after.status);
  const everyLead = { ...principal, leadVisibility: ORGANIZATION_WIDE };
  if (holdingChanged && before.leadId !== null && before.leadId !== after.leadId) {
    await recordUnitHolding(tx, everyLead, before.leadId, { unitId: unit.id, unitName: unit.name, projectName: unit.projectName, status: "available", previousStatus: before.status }, at);
  }
  if (holdingChanged && after.leadId !== null && after.status !== "available") {
    await recordUnitHolding(tx, principal, after.leadId, { unitId: unit.id, unitName: unit.name, projectName: unit.projectName, status: after.status, previousStatus: before.status }, at);
  }
  const shown = after.leadId ?? before.leadId;
  return shown ? toLeadRepresentation(await findLeadOrThrow(tx, everyLead, shown), principal.organization.locale) : null;
}
