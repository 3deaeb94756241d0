import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { actorOf } from "./activity-actor";
import { recordActivities } from "./record-activities";

export interface UnitHolding {
  unitId: string;
  unitName: string;
  projectName: string;
  /** `reserved` or `sold` when the lead holds the unit; `available` when the reservation was released. */
  status: "reserved" | "sold" | "available";
  previousStatus: "reserved" | "sold" | "available";
}

/**
 * The lead's timeline says when it reserved or bought a unit, and when the
 * reservation was released ("Reserved unit A-1201 of Torre Norte"): a system
 * entry by whoever changed the unit, written in the unit's transaction. The
 * entry's `changes` carry the unit and its status, `{unitStatus: {from, to}}`
 * and `{heldUnitId: {from, to}}`. The unit side checks the lead (it must be
 * the caller's to name); a release is recorded on the lead that held the unit
 * whoever releases it.
 */
export async function recordUnitHolding(tx: DbTx, principal: Principal, leadId: string, holding: UnitHolding, at: Date): Promise<void> {
  const held = holding.status !== "available";
  await recordActivities(
    tx,
    { organizationId: principal.organizationId, leadId, actor: await actorOf(tx, principal), at, locale: principal.organization.locale },
    [
      {
        type: "updated",
        activityScope: "system",
        message: { key: "unitHolding", unit: holding.unitName, project: holding.projectName, status: holding.status },
        changes: {
          unitStatus: { from: holding.previousStatus, to: holding.status },
          heldUnitId: { from: held ? null : holding.unitId, to: held ? holding.unitId : null },
        },
      },
    ],
  );
}
