import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { eventSourceOf, recordEvents } from "../../events/record-events";
import { actorOf } from "../activities/activity-actor";
import { recordActivities } from "../activities/record-activities";
import { findLeadOrThrow } from "../find-lead";
import { toLeadRepresentation, type LeadRepresentation } from "../lead-representation";

export type FirstTouchEscalation = "reassigned" | "released" | "notified" | "none";

export interface FirstTouchBreach {
  /** When the breach was seen (the sweep's clock). */
  at: Date;
  /** The owner who missed the deadline. */
  missedBy: string;
  escalation: FirstTouchEscalation;
  /** `notified`: the owner keeps the lead with this new deadline (a second miss escalates to the next step). */
  nextDueAt?: Date;
}

/**
 * Records a missed first-touch deadline on a lead the caller has locked, in
 * its transaction, before the escalation's own change (a reassignment or a
 * release goes through `changeLead` like any assignment): the breach columns
 * (when, how many so far, who missed it, so it is never handed back to
 * them), a `first_touch_breached` timeline entry by the principal (the
 * System) saying what the pool did, and `lead.first_touch_breached` with the
 * lead as it was. Written in SQL so `updatedAt` stays: a breach is the
 * service's bookkeeping, not a change of the lead's fields.
 */
export async function recordFirstTouchBreach(tx: DbTx, principal: Principal, leadId: string, breach: FirstTouchBreach): Promise<LeadRepresentation> {
  const organizationId = principal.organizationId;
  const [before] = await tx.$queryRaw<{ dueAt: Date; breaches: number }[]>`
    UPDATE "Lead" SET "firstTouchBreachedAt" = ${breach.at}::timestamptz,
      "firstTouchBreaches" = "firstTouchBreaches" + 1,
      "firstTouchMissedBy" = array_append("firstTouchMissedBy", ${breach.missedBy}::uuid),
      "firstTouchDueAt" = COALESCE(${breach.nextDueAt ?? null}::timestamptz, "firstTouchDueAt")
    WHERE "id" = ${leadId} AND "organizationId" = ${organizationId}::uuid
    RETURNING (SELECT l."firstTouchDueAt" FROM "Lead" l WHERE l."id" = ${leadId}) AS "dueAt", "firstTouchBreaches" AS "breaches"`;
  if (!before) throw new Error("first-touch breach of a missing lead");
  const lead = toLeadRepresentation(await findLeadOrThrow(tx, principal, leadId), principal.organization.locale);
  const actor = await actorOf(tx, principal);
  await recordActivities(tx, { organizationId, leadId, actor, at: breach.at, locale: principal.organization.locale }, [
    {
      type: "first_touch_breached",
      activityScope: "system",
      message: { key: "firstTouchBreached", owner: lead.assignedTo?.name ?? null, escalation: breach.escalation },
    },
  ]);
  await recordEvents(tx, eventSourceOf(principal), [
    {
      type: "lead.first_touch_breached",
      data: { lead, missedBy: breach.missedBy, dueAt: before.dueAt.toISOString(), breaches: before.breaches, escalation: breach.escalation },
    },
  ]);
  return lead;
}
