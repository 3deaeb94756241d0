import type { DomainContext } from "../domain-context";
import { runInTransaction } from "../db/run-in-transaction";
import { isApiError } from "../errors/api-error";
import type { Locale } from "../i18n/messages";
import { replyLanguage } from "../instant-reply/reply-language";
import { recordUnitSent } from "../leads/activities/sheet-activity";
import { queueMail } from "../mail/queue-mail";
import { replyChannels, type InstantReplyChannel } from "../messaging/channel-availability";
import { sendWhatsAppMessage } from "../messaging/send/send-message";
import { isMobileNumber, toE164 } from "../phones/phone-number";
import { createSheetLink } from "../sheets/sheet-links";
import { logger } from "../system/logger";
import { channelsOfMode, effectiveMatchSending, type MatchSendingSettings } from "./match-sending-settings";
import { templateParameters, unitSendMail, type UnitSendFacts } from "./unit-send-message";

/** Why a matched unit was not sent to the lead (kept on its `UnitSend` row). */
export type UnitNotSentReason = "sending_off" | "no_consent" | "unit_unavailable" | "sandbox" | "no_channel" | "no_contact" | "whatsapp_failed";

export type UnitSendOutcome =
  | { state: "sent"; channel: InstantReplyChannel; messageId: string }
  | { state: "not_sent"; reason: UnitNotSentReason }
  /** Already decided for this pair (another run, another instance, a retry), or the unit or lead is gone. */
  | { state: "skipped" };

/** `offersConsent: {consented: true}`: only an explicit yes lets an offer go out. */
export function consentsToOffers(offersConsent: unknown): boolean {
  return (offersConsent as { consented?: unknown } | null)?.consented === true;
}

/**
 * Sends one matched unit to one lead, at most once: the pair's `UnitSend`
 * row is claimed first (its key is the pair), so a second run, a retry or
 * another instance finds it and sends nothing. A run that dies between the
 * claim and the send leaves the unit unsent rather than risking it twice.
 * The caller has checked the sending hours (send-matched-unit-job.ts).
 *
 * Then, at send time: the setting must still send, the lead must still
 * consent to offers, and the unit must still be available (reserved or sold
 * since the match: nothing sent, `unit_unavailable` recorded). The message
 * carries the lead's personal sheet link (server/sheets), goes by the
 * setting's channels in order (WhatsApp needs a mobile number and the
 * template in a language; e-mail an address and a message), and is a
 * `unit_sent` entry on the lead's timeline by the System.
 */
export async function sendMatchedUnit(ctx: DomainContext, pair: { unitId: string; leadId: string }, at: Date): Promise<UnitSendOutcome> {
  const { db, principal } = ctx;
  const organizationId = principal.organizationId;
  const claimed = await db.$queryRaw<{ leadId: string }[]>`
    INSERT INTO "UnitSend" ("organizationId", "unitId", "leadId", "status", "updatedAt")
    SELECT l."organizationId", u."id", l."id", 'sending', now()
    FROM "Lead" l JOIN "Unit" u ON u."organizationId" = l."organizationId"
    WHERE l."id" = ${pair.leadId} AND u."id" = ${pair.unitId} AND l."organizationId" = ${organizationId}::uuid
    ON CONFLICT ("unitId", "leadId") DO NOTHING
    RETURNING "leadId"`;
  if (claimed.length === 0) return { state: "skipped" };
  const [lead, unit] = await Promise.all([
    db.lead.findFirstOrThrow({
      where: { id: pair.leadId, organizationId },
      select: { id: true, firstName: true, lastName: true, email: true, phone: true, offersConsent: true, language: true },
    }),
    db.unit.findFirstOrThrow({
      where: { id: pair.unitId, organizationId },
      select: { id: true, name: true, status: true, projectId: true, project: { select: { name: true } } },
    }),
  ]);
  const settings = await effectiveMatchSending(db, organizationId, unit.projectId);
  const outcome = await decideAndSend(ctx, { lead, unit, settings });
  const where = { unitId_leadId: { unitId: pair.unitId, leadId: pair.leadId } };
  await runInTransaction(db, async (tx) => {
    if (outcome.state === "sent") {
      await tx.unitSend.update({ where, data: { status: "sent", channel: outcome.channel, messageId: outcome.messageId } });
      const sent = { projectId: unit.projectId, projectName: unit.project.name, unitId: unit.id, unitName: unit.name, channel: outcome.channel };
      await recordUnitSent(tx, principal, lead.id, sent, at);
    } else if (outcome.state === "not_sent") {
      await tx.unitSend.update({ where, data: { status: "not_sent", reason: outcome.reason } });
    }
  });
  if (outcome.state === "not_sent") logger.info("unit_send.not_sent", { unitId: unit.id, leadId: lead.id, reason: outcome.reason });
  return outcome;
}

interface SendCase {
  lead: { id: string; firstName: string | null; lastName: string | null; email: string | null; phone: string | null; offersConsent: unknown; language: Locale | null };
  unit: { id: string; name: string; status: string; projectId: string };
  settings: MatchSendingSettings;
}

async function decideAndSend(ctx: DomainContext, { lead, unit, settings }: SendCase): Promise<UnitSendOutcome> {
  const { db, principal } = ctx;
  if (settings.sendToLead === "off") return { state: "not_sent", reason: "sending_off" };
  if (!consentsToOffers(lead.offersConsent)) return { state: "not_sent", reason: "no_consent" };
  if (unit.status !== "available") return { state: "not_sent", reason: "unit_unavailable" };
  if (principal.organization.sandbox) return { state: "not_sent", reason: "sandbox" };
  const states = await replyChannels(db, principal.organizationId, false);
  const usable = channelsOfMode(settings.sendToLead).filter((channel) => states.find((state) => state.channel === channel)?.available);
  if (usable.length === 0) return { state: "not_sent", reason: "no_channel" };
  const organization = await db.organization.findUniqueOrThrow({ where: { id: principal.organizationId }, select: { defaultCountry: true, locale: true } });
  // The lead's own language when set; the organization's stands in for a lead that has none (as the instant reply).
  const locale: Locale = lead.language ?? organization.locale;
  const phone = lead.phone ? toE164(lead.phone, organization.defaultCountry) : null;
  const whatsAppLanguage = replyLanguage(settings.whatsApp.languages, locale);
  const emailTemplate = replyLanguage(settings.email, locale);
  const reachable = usable.filter((channel) =>
    channel === "whatsapp" ? phone !== null && isMobileNumber(phone) && settings.whatsApp.templateName && whatsAppLanguage : lead.email && emailTemplate,
  );
  if (reachable.length === 0) return { state: "not_sent", reason: "no_contact" };
  const link = await createSheetLink(ctx, { projectId: unit.projectId, unitId: unit.id, leadId: lead.id });
  const facts: UnitSendFacts = { lead, unitName: unit.name, link: link.url };
  let failure: UnitNotSentReason = "no_contact";
  for (const channel of reachable) {
    if (channel === "whatsapp") {
      try {
        const message = await sendWhatsAppMessage(ctx, {
          senderId: states.find((state) => state.channel === "whatsapp")?.senderId ?? undefined,
          recipient: { leadId: lead.id },
          content: {
            type: "template",
            template: { name: settings.whatsApp.templateName!, language: whatsAppLanguage!.value, parameters: templateParameters(facts, whatsAppLanguage!.locale) },
          },
        });
        return { state: "sent", channel, messageId: message.id };
      } catch (error) {
        if (!isApiError(error)) throw error;
        logger.info("unit_send.whatsapp_refused", { leadId: lead.id, unitId: unit.id, code: error.code, message: error.message });
        failure = "whatsapp_failed";
      }
    } else {
      const { message } = unitSendMail(emailTemplate!.value, facts, emailTemplate!.locale, lead.email!, principal.organization.name);
      // Queued (outbox): the send-mail job delivers it through SMTP at once.
      const mailId = await runInTransaction(db, (tx) => queueMail(tx, { organizationId: principal.organizationId, kind: "match.unit_sent", message }));
      return { state: "sent", channel, messageId: mailId };
    }
  }
  return { state: "not_sent", reason: failure };
}
