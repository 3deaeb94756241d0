import { runInTransaction } from "../../db/run-in-transaction";
import type { DomainContext } from "../../domain-context";
import { ApiError } from "../../errors/api-error";
import { createLead } from "../../leads/create-lead";
import { e164OfDigits } from "../../phones/phone-number";
import { findLeadForContact } from "../inbound/record-inbound";

/**
 * Conversations whose messages belong to no lead: the number wrote while the
 * organization's budget of leads from unknown numbers was spent, or while the
 * plan had no room (second audit, L10). They wait here, newest first, until a
 * manager makes a lead of one; later messages from a number with a lead link
 * to it by themselves.
 */
export interface UnmatchedConversation {
  contactDigits: string;
  phone: string;
  messages: number;
  lastMessageAt: string;
  lastText: string;
}

const LIST_LIMIT = 100;

export async function listUnmatchedConversations(ctx: DomainContext): Promise<UnmatchedConversation[]> {
  const rows = await ctx.db.$queryRaw<{ contactDigits: string; messages: bigint; lastMessageAt: Date; lastText: string }[]>`
    SELECT "contactDigits", count(*) AS "messages", max("createdAt") AS "lastMessageAt",
           (array_agg("body" ORDER BY "createdAt" DESC))[1] AS "lastText"
    FROM "WhatsAppMessage"
    WHERE "organizationId" = ${ctx.principal.organizationId}::uuid AND "leadId" IS NULL AND "direction" = 'inbound'
    GROUP BY "contactDigits"
    ORDER BY max("createdAt") DESC, "contactDigits"
    LIMIT ${LIST_LIMIT}::int`;
  return rows.map((row) => ({
    contactDigits: row.contactDigits,
    phone: e164OfDigits(row.contactDigits),
    messages: Number(row.messages),
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastText: row.lastText,
  }));
}

/**
 * A manager makes a lead of an unmatched conversation: the number's lead if
 * one exists by now, else a new one through createLead (source
 * `messaging_app`; the plan's limit applies, the hourly budget does not: a
 * person decided), and the conversation's messages join it. Under the same
 * per-number lock as inbound messages. Unknown number: 404.
 */
export async function createLeadForUnmatched(ctx: DomainContext, contactDigits: string): Promise<{ leadId: string; messages: number }> {
  const organizationId = ctx.principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`whatsapp-contact:${organizationId}:${contactDigits}`}, 0))`;
    const waiting = await tx.whatsAppMessage.count({ where: { organizationId, contactDigits, leadId: null } });
    if (waiting === 0) throw new ApiError("NOT_FOUND", "resource.notFound", { resource: "Conversation" });
    const leadId =
      (await findLeadForContact(tx, organizationId, contactDigits)) ??
      (await createLead(ctx, { phone: e164OfDigits(contactDigits), source: "messaging_app", instantReply: false })).id;
    const { count } = await tx.whatsAppMessage.updateMany({ where: { organizationId, contactDigits, leadId: null }, data: { leadId } });
    return { leadId, messages: count };
  });
}
