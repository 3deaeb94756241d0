import type { DbTx } from "../../db/client";
import { runInTransaction } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { isApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import { logLeadCommunication } from "../../leads/activities/log-communication";
import { createLead } from "../../leads/create-lead";
import { LEAD_LIMITS } from "../../leads/lead-limits";
import { logger } from "../../system/logger";
import { canonicalE164, e164OfDigits } from "../../phones/phone-number";
import type { SenderRow } from "../senders/sender-representation";
import { timeOf, type InboundMessage } from "../webhook/webhook-payload";
import { inboundContent } from "./inbound-content";
import { spendNewContactBudget } from "./new-contact-budget";

/** A stored phone "ends with" the contact's number only when it keeps at least a subscriber number (see lead search). */
const MIN_SUFFIX_DIGITS = 7;

/**
 * The lead a contact's message belongs to: the lead of the latest message
 * with that number; else the lead whose phone is that number (compared in
 * canonical E.164, so `55 1234 5678` entered in Mexico meets the WhatsApp id
 * `5215512345678`); else, for phones that could not be read as a number, one
 * whose digits are that number or it without the country code. Newest first.
 */
export async function findLeadForContact(tx: DbTx, organizationId: string, digits: string): Promise<string | null> {
  const previous = await tx.whatsAppMessage.findFirst({
    where: { organizationId, contactDigits: digits, leadId: { not: null } },
    orderBy: { createdAt: "desc" },
    select: { leadId: true },
  });
  if (previous?.leadId) return previous.leadId;
  const canonical = canonicalE164(e164OfDigits(digits));
  const [byNumber] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Lead" WHERE "organizationId" = ${organizationId}::uuid AND "phoneE164" = ${canonical}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`;
  if (byNumber) return byNumber.id;
  const suffixes: string[] = [];
  for (let start = 0; digits.length - start >= MIN_SUFFIX_DIGITS; start++) suffixes.push(digits.slice(start));
  const [match] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Lead"
    WHERE "organizationId" = ${organizationId}::uuid AND "phoneE164" IS NULL AND "phoneDigits" = ANY(${suffixes}::text[])
    ORDER BY ("phoneDigits" = ${digits}) DESC, "createdAt" DESC, "id" DESC
    LIMIT 1`;
  return match?.id ?? null;
}

function namesOf(profileName: string | undefined): { firstName?: string; lastName?: string } {
  const words = (profileName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  const firstName = words[0]!.slice(0, LEAD_LIMITS.name);
  const rest = words.slice(1).join(" ").slice(0, LEAD_LIMITS.name);
  return rest ? { firstName, lastName: rest } : { firstName };
}

/**
 * A new number becomes a lead through the leads' own createLead (source
 * `messaging_app`), so it is validated, staged, counted and routed (round
 * robin plugs in there) like any other; it joins this transaction. A lead the
 * plan has no room for is not created, nor one past the organization's hourly
 * budget of leads from unknown numbers (second audit, L10: a spammer writing
 * from many numbers cannot fill `maxLeads` or the agents' queues): the
 * message is kept without a lead, an unmatched conversation that Settings →
 * Messaging lists and a manager can turn into a lead.
 */
async function createLeadForContact(ctx: DomainContext, digits: string, profileName: string | undefined): Promise<string | null> {
  if (!(await spendNewContactBudget(ctx.principal.organizationId))) {
    logger.warn("messaging.inbound_lead_deferred", { organizationId: ctx.principal.organizationId, reason: "new-contact budget spent" });
    return null;
  }
  try {
    // They wrote first: a person answers inside their open window, not an instant reply.
    const lead = await createLead(ctx, { ...namesOf(profileName), phone: e164OfDigits(digits), source: "messaging_app", instantReply: false });
    return lead.id;
  } catch (error) {
    if (!isApiError(error) || error.code !== "FORBIDDEN") throw error;
    logger.warn("messaging.inbound_lead_refused", { organizationId: ctx.principal.organizationId, reason: error.messageKey });
    return null;
  }
}

export type InboundOutcome = "recorded" | "duplicate" | "ignored";

/**
 * One message from a contact, in one transaction under a lock on the
 * (organization, number) pair, so two messages from a new number arriving at
 * once make one lead: the message row (unique by the provider's id, so a
 * retried callback records nothing twice), the contact's lead found or
 * created, an inbound `social_message` on its timeline with
 * `lead.communication_logged`, and earlier messages to that number that had
 * no lead linked to it. `ctx` is the system actor of the sender's organization.
 */
export async function recordInboundMessage(
  ctx: DomainContext,
  sender: SenderRow,
  message: InboundMessage,
  profileName: string | undefined,
): Promise<InboundOutcome> {
  const content = inboundContent(message);
  const digits = message.from.replace(/\D+/g, "");
  if (!content || !/^\d{5,20}$/.test(digits)) return "ignored";
  const organizationId = ctx.principal.organizationId;

  return runInTransaction(ctx.db, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`whatsapp-contact:${organizationId}:${digits}`}, 0))`;
    const known = await tx.whatsAppMessage.findUnique({ where: { providerMessageId: message.id }, select: { id: true } });
    if (known) return "duplicate";

    const leadId = (await findLeadForContact(tx, organizationId, digits)) ?? (await createLeadForContact(ctx, digits, profileName));
    const id = newId("message");
    let activityId: string | null = null;
    if (leadId !== null) {
      const communication = await logLeadCommunication(
        ctx,
        leadId,
        { type: "social_message", direction: "inbound", content: content.text.slice(0, LEAD_LIMITS.communicationContent) },
        { channel: "whatsapp", messageId: id },
      );
      activityId = communication.id;
      await tx.whatsAppMessage.updateMany({ where: { organizationId, contactDigits: digits, leadId: null }, data: { leadId } });
    }
    await tx.whatsAppMessage.create({
      data: {
        id,
        organizationId,
        senderId: sender.id,
        leadId,
        direction: "inbound",
        status: "received",
        contactDigits: digits,
        type: content.type,
        body: content.text,
        providerMessageId: message.id,
        activityId,
        createdAt: timeOf(message.timestamp),
      },
    });
    return "recorded";
  });
}
