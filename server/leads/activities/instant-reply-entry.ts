import type { Principal } from "../../auth/principal";
import type { DbTx } from "../../db/client";
import { actorOf } from "./activity-actor";
import type { InstantReplyNotSentReason } from "./activity-message";
import { recordActivities } from "./record-activities";

/**
 * Records on a lead's timeline that its instant reply did not go out, and
 * why, as the principal (the System). A reply that did go out is a
 * communication like any other (logLeadCommunication); this entry is what
 * keeps a reply that could not from being silently dropped. No event: the
 * service's own bookkeeping, like a first-touch breach's entry, tells
 * integrators nothing they act on.
 */
export async function recordInstantReplyNotSent(tx: DbTx, principal: Principal, leadId: string, reason: InstantReplyNotSentReason): Promise<void> {
  const actor = await actorOf(tx, principal);
  await recordActivities(tx, { organizationId: principal.organizationId, leadId, actor, locale: principal.organization.locale }, [
    { type: "instant_reply_not_sent", activityScope: "system", message: { key: "instantReplyNotSent", reason } },
  ]);
}
