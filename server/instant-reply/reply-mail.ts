import type { DomainContext } from "../domain-context";
import { runInTransaction } from "../db/run-in-transaction";
import type { Locale } from "../i18n/messages";
import { logLeadCommunication } from "../leads/activities/log-communication";
import { LEAD_LIMITS } from "../leads/lead-limits";
import { queueMail } from "../mail/queue-mail";
import { renderMail } from "../mail/render-mail";
import type { EmailTemplate } from "./reply-settings";
import { replyName } from "./reply-language";

/** `{name}` in a subject or body is the lead's name. */
function fill(text: string, name: string): string {
  return text.replaceAll("{name}", name);
}

/**
 * Queues the reply mail (outbox: the send-mail job sends it at once, through
 * SMTP) and logs it on the lead's timeline as an outbound `email` by the
 * principal (the System), in one transaction. Returns the mail's id.
 */
export async function sendReplyMail(
  ctx: DomainContext,
  lead: { id: string; email: string; firstName: string | null; lastName: string | null },
  template: EmailTemplate,
  locale: Locale,
): Promise<string> {
  const name = replyName(lead, locale);
  const subject = fill(template.subject, name);
  const paragraphs = fill(template.body, name).split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);
  const footer = ctx.principal.organization.name;
  const message = renderMail(() => ({ subject, paragraphs, footer }), locale, undefined, lead.email);
  return runInTransaction(ctx.db, async (tx) => {
    const mailId = await queueMail(tx, { organizationId: ctx.principal.organizationId, kind: "lead.instant_reply", message });
    await logLeadCommunication(ctx, lead.id, {
      type: "email",
      direction: "outbound",
      content: `${subject}\n\n${paragraphs.join("\n\n")}`.slice(0, LEAD_LIMITS.communicationContent),
    });
    return mailId;
  });
}
