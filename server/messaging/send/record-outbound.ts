import type { DomainContext } from "../../domain-context";
import { runInTransaction } from "../../db/run-in-transaction";
import type { Prisma } from "../../db/generated/client";
import { isApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import { actorOf } from "../../leads/activities/activity-actor";
import { logLeadCommunication } from "../../leads/activities/log-communication";
import { LEAD_LIMITS } from "../../leads/lead-limits";
import { toMessageRepresentation, type MessageRepresentation } from "../messages/message-representation";
import { applyBacklog, lockProviderMessage } from "../messages/record-status";
import type { OutboundContent, SentMessage } from "../providers/messaging-provider";
import { textOf } from "./message-text";

export interface AcceptedMessage {
  senderId: string;
  leadId: string | null;
  contactDigits: string;
  content: OutboundContent;
  sent: SentMessage;
}

/**
 * Records a message the provider accepted, in one transaction: the message
 * row (status `accepted`), and when it went to a lead, a `social_message`
 * outbound entry on the lead's timeline with its `lead.communication_logged`
 * event (through the leads' own logLeadCommunication, which joins this
 * transaction). Callbacks that beat this transaction are applied from the
 * backlog under the message's lock. If the lead was deleted while the
 * message was in flight, the message is still recorded (it was sent).
 */
export async function recordOutboundMessage(ctx: DomainContext, accepted: AcceptedMessage): Promise<MessageRepresentation> {
  const { db, principal } = ctx;
  const id = newId("message");
  const body = textOf(accepted.content);
  return runInTransaction(db, async (tx) => {
    await lockProviderMessage(tx, accepted.sent.providerMessageId);
    let leadId = accepted.leadId;
    let activityId: string | null = null;
    if (leadId !== null) {
      try {
        const communication = await logLeadCommunication(
          ctx,
          leadId,
          { type: "social_message", direction: "outbound", content: body.slice(0, LEAD_LIMITS.communicationContent) },
          { channel: "whatsapp", messageId: id },
        );
        activityId = communication.id;
      } catch (error) {
        if (!isApiError(error) || error.code !== "NOT_FOUND") throw error;
        leadId = null;
      }
    }
    const actor = await actorOf(tx, principal);
    const row = await tx.whatsAppMessage.create({
      data: {
        id,
        organizationId: principal.organizationId,
        senderId: accepted.senderId,
        leadId,
        direction: "outbound",
        status: "accepted",
        contactDigits: accepted.contactDigits,
        type: accepted.content.type,
        body,
        template: accepted.content.type === "template" ? (accepted.content.template as unknown as Prisma.InputJsonValue) : undefined,
        providerMessageId: accepted.sent.providerMessageId,
        activityId,
        sentByName: actor.user.name,
      },
    });
    return toMessageRepresentation(await applyBacklog(tx, row));
  });
}
