"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { MailIcon, MessageIcon, PhoneIcon } from "../shell/icons";
import { buttonClasses } from "../ui/button";
import { cx } from "../ui/cx";
import { mailtoHref, telHref, whatsappHref } from "./contact-links";
import { leadName, type Lead } from "./lead-presentation";

/**
 * One tap to reach the lead: call (`tel:`), WhatsApp (`wa.me`) and e-mail.
 * Calling also opens "How did the call go?" (`onCall`), so the outcome is
 * one more tap when the agent comes back to the app.
 */
export function ContactActions({ lead, onCall }: { lead: Lead; onCall: () => void }) {
  const { t } = useI18n();
  const name = leadName(lead, t.leads.unnamed);
  const whatsapp = lead.phone ? whatsappHref(lead.phone) : null;
  if (!lead.phone && !lead.email) return <p className="text-sm text-ink-muted">{t.mobile.noContact}</p>;
  const action = (primary: boolean) => cx(buttonClasses(primary ? "primary" : "secondary", "md"), "max-sm:h-12 max-sm:flex-1 max-sm:px-2");
  return (
    <div className="flex gap-2" data-testid="contact-actions">
      {lead.phone && (
        <a href={telHref(lead.phone)} onClick={onCall} aria-label={t.mobile.callName(name)} className={action(true)}>
          <PhoneIcon /> {t.mobile.call}
        </a>
      )}
      {whatsapp && (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" aria-label={t.mobile.whatsappName(name)} className={action(false)}>
          <MessageIcon /> {t.mobile.whatsapp}
        </a>
      )}
      {lead.email && (
        <a href={mailtoHref(lead.email)} aria-label={t.mobile.emailName(name)} className={action(false)}>
          <MailIcon /> {t.mobile.email}
        </a>
      )}
    </div>
  );
}
