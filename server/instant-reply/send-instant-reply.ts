import type { DomainContext } from "../domain-context";
import { runInTransaction } from "../db/run-in-transaction";
import { isApiError } from "../errors/api-error";
import type { Locale } from "../i18n/messages";
import type { InstantReplyNotSentReason } from "../leads/activities/activity-message";
import { recordInstantReplyNotSent } from "../leads/activities/instant-reply-entry";
import { sendWhatsAppMessage } from "../messaging/send/send-message";
import { isMobileNumber, toE164 } from "../phones/phone-number";
import { logger } from "../system/logger";
import { replyChannels, type InstantReplyChannel } from "../messaging/channel-availability";
import { effectiveReplySettings, type ReplySettings } from "./reply-settings";
import { sendReplyMail } from "./reply-mail";
import { replyLanguage, replyName } from "./reply-language";

export type InstantReplyOutcome =
  | { state: "sent"; channel: InstantReplyChannel; messageId: string }
  | { state: "not_sent"; reason: InstantReplyNotSentReason }
  /** Already decided for this lead (another run, another instance), the lead is gone, or the setting was switched off. */
  | { state: "skipped" };

interface ReplyLead {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  source: string;
  roundRobinId: string | null;
  doNotCall: boolean;
  offersConsent: unknown;
  /** The lead's own language; null: the organization's. */
  language: Locale | null;
}

/**
 * Sends a lead's instant reply, at most once: the lead's `InstantReply` row
 * is claimed first (its key is the lead), so a second run, a retry or another
 * instance finds it and sends nothing. A run that dies between the claim and
 * the send leaves the reply unsent rather than risking a second one: a lead
 * answered twice by a robot is worse than a rep answering.
 *
 * Channels are tried in the setting's order; one is used when it can send for
 * the organization (server/messaging/channel-availability.ts) and reach the lead (WhatsApp: a mobile
 * number and a template; e-mail: an address and a message). What went out is
 * logged on the timeline by the System as an outbound communication (the
 * WhatsApp send and the mail log their own), which is no first touch; what
 * could not go out is an `instant_reply_not_sent` entry saying why.
 */
export async function sendInstantReply(ctx: DomainContext, leadId: string): Promise<InstantReplyOutcome> {
  const { db, principal } = ctx;
  const organizationId = principal.organizationId;
  const claimed = await db.$queryRaw<{ leadId: string }[]>`
    INSERT INTO "InstantReply" ("leadId", "organizationId", "status", "updatedAt")
    SELECT l."id", l."organizationId", 'sending', now() FROM "Lead" l WHERE l."id" = ${leadId} AND l."organizationId" = ${organizationId}::uuid
    ON CONFLICT ("leadId") DO NOTHING
    RETURNING "leadId"`;
  if (claimed.length === 0) return { state: "skipped" };
  const lead = await db.lead.findFirst({
    where: { id: leadId, organizationId },
    select: { id: true, firstName: true, lastName: true, email: true, phone: true, source: true, roundRobinId: true, doNotCall: true, offersConsent: true, language: true },
  });
  const settings = lead ? await effectiveReplySettings(db, organizationId, lead) : null;
  if (!lead || !settings?.enabled) {
    await db.instantReply.updateMany({ where: { leadId }, data: { status: "skipped" } });
    return { state: "skipped" };
  }
  const outcome = await replyThroughChannels(ctx, lead, settings);
  await runInTransaction(db, async (tx) => {
    if (outcome.state === "sent") {
      await tx.instantReply.update({ where: { leadId }, data: { status: "sent", channel: outcome.channel, messageId: outcome.messageId } });
    } else if (outcome.state === "not_sent") {
      await tx.instantReply.update({ where: { leadId }, data: { status: "not_sent", reason: outcome.reason } });
      await recordInstantReplyNotSent(tx, principal, leadId, outcome.reason);
    }
  });
  return outcome;
}

/** `offersConsent: {consented: false}` (the lead said no to messages) or do-not-call. */
function optedOut(lead: ReplyLead): boolean {
  const consent = lead.offersConsent as { consented?: unknown } | null;
  return lead.doNotCall || consent?.consented === false;
}

async function replyThroughChannels(ctx: DomainContext, lead: ReplyLead, settings: ReplySettings): Promise<InstantReplyOutcome> {
  const { db, principal } = ctx;
  if (optedOut(lead)) return { state: "not_sent", reason: "opted_out" };
  if (principal.organization.sandbox) return { state: "not_sent", reason: "sandbox" };
  const states = await replyChannels(db, principal.organizationId, false);
  const usable = settings.channels.filter((channel) => states.find((state) => state.channel === channel)?.available);
  if (usable.length === 0) return { state: "not_sent", reason: "no_channel" };
  const organization = await db.organization.findUniqueOrThrow({ where: { id: principal.organizationId }, select: { defaultCountry: true, locale: true } });
  // The lead's own language when set; the organization's stands in for a lead that has none.
  const locale: Locale = lead.language ?? organization.locale;
  let failure: InstantReplyNotSentReason = "no_contact";
  for (const channel of usable) {
    if (channel === "whatsapp") {
      const phone = lead.phone ? toE164(lead.phone, organization.defaultCountry) : null;
      const language = replyLanguage(settings.whatsApp.languages, locale);
      if (!phone || !isMobileNumber(phone) || !settings.whatsApp.templateName || !language) continue;
      try {
        const message = await sendWhatsAppMessage(ctx, {
          senderId: states.find((state) => state.channel === "whatsapp")?.senderId ?? undefined,
          recipient: { leadId: lead.id },
          content: { type: "template", template: { name: settings.whatsApp.templateName, language: language.value, parameters: [replyName(lead, language.locale)] } },
        });
        return { state: "sent", channel, messageId: message.id };
      } catch (error) {
        if (!isApiError(error)) throw error;
        logger.info("instant_reply.whatsapp_refused", { leadId: lead.id, code: error.code, message: error.message });
        failure = "whatsapp_failed";
      }
    } else {
      const template = replyLanguage(settings.email, locale);
      if (!lead.email || !template) continue;
      const mailId = await sendReplyMail(ctx, lead as ReplyLead & { email: string }, template.value, template.locale);
      return { state: "sent", channel, messageId: mailId };
    }
  }
  return { state: "not_sent", reason: failure };
}
