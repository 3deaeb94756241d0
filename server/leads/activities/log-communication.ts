import { eventSourceOf, recordEvents } from "../../events/record-events";
import type { CommunicationEventDetails } from "../../events/payloads/lead-event-data";
import type { DomainContext } from "../../domain-context";
import { lockLeadOrThrow } from "../find-lead";
import type { CommunicationDirection, CommunicationType } from "../lead-enums";
import { actorOf } from "./activity-actor";
import { recordActivities } from "./record-activities";
import { runInTransaction } from "../../db/run-in-transaction";
import { recordFirstTouch } from "../first-touch/record-first-touch";

export interface LogCommunicationRequest {
  type: CommunicationType;
  direction: CommunicationDirection;
  content: string;
}

export interface CommunicationRepresentation {
  id: string;
  leadId: string;
  type: CommunicationType;
  direction: CommunicationDirection;
  content: string;
  createdAt: string;
}

/**
 * Logs a call, email, meeting or social message on a lead's timeline (scope
 * `lead_event`, activity type = the communication type) and emits
 * `lead.communication_logged` with `data.leadId` and `data.communication`.
 * `details` adds fields to the event's communication (a WhatsApp message
 * adds its `channel` and `messageId`). The owner's first outbound one is
 * the lead's first touch (server/leads/first-touch/). Called inside another write (see
 * runInTransaction), it joins that write's transaction.
 */
export async function logLeadCommunication(
  ctx: DomainContext,
  leadId: string,
  request: LogCommunicationRequest,
  details: CommunicationEventDetails = {},
): Promise<CommunicationRepresentation> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    await lockLeadOrThrow(tx, principal, leadId, "share");
    const actor = await actorOf(tx, principal);
    const [entry] = await recordActivities(tx, { organizationId, leadId, actor, locale: principal.organization.locale }, [
      {
        type: request.type,
        activityScope: "lead_event",
        content: request.content,
        communicationType: request.type,
        communicationDirection: request.direction,
      },
    ]);
    if (!entry) throw new Error("communication was not recorded");
    await recordFirstTouch(tx, principal, leadId, { direction: request.direction, at: new Date(entry.createdAt) });
    const communication = {
      id: entry.id,
      leadId,
      type: request.type,
      direction: request.direction,
      content: entry.content,
      createdAt: entry.createdAt,
    };
    await recordEvents(tx, eventSourceOf(principal), [
      { type: "lead.communication_logged", data: { leadId, communication: { ...communication, user: entry.user, ...details } } },
    ]);
    return communication;
  });
}
