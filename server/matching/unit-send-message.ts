import type { Locale } from "../i18n/messages";
import { renderMail } from "../mail/render-mail";
import type { OutgoingMessage } from "../mail/smtp-transport";
import { replyName } from "../instant-reply/reply-language";
import type { MatchEmailTemplate } from "./match-sending-settings";

/** What a sent unit message says: the lead's name, the unit's name and the lead's personal sheet link. */
export interface UnitSendFacts {
  lead: { firstName: string | null; lastName: string | null };
  unitName: string;
  link: string;
}

/** `{name}`, `{unit}` and `{link}` in a subject or body. */
function fill(text: string, facts: UnitSendFacts, locale: Locale): string {
  return text.replaceAll("{name}", replyName(facts.lead, locale)).replaceAll("{unit}", facts.unitName).replaceAll("{link}", facts.link);
}

/** The WhatsApp template's body parameters, in the order the setting documents: name, unit, link. */
export function templateParameters(facts: UnitSendFacts, locale: Locale): string[] {
  return [replyName(facts.lead, locale), facts.unitName, facts.link];
}

/**
 * The e-mail: the setting's subject and paragraphs with the facts filled in.
 * A body that does not place `{link}` still carries the link, as the mail's
 * action, so no sent unit arrives without its sheet.
 */
export function unitSendMail(template: MatchEmailTemplate, facts: UnitSendFacts, locale: Locale, to: string, footer: string): { message: OutgoingMessage; summary: string } {
  const subject = fill(template.subject, facts, locale);
  const paragraphs = fill(template.body, facts, locale).split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);
  const placesLink = template.body.includes("{link}");
  const action = placesLink ? undefined : { label: facts.unitName, url: facts.link };
  const message = renderMail(() => ({ subject, paragraphs, footer, action }), locale, undefined, to);
  return { message, summary: `${subject}\n\n${paragraphs.join("\n\n")}` };
}
