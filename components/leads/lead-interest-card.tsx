"use client";

import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { Card, CardHeader } from "../ui/card";
import { interestPhrases } from "./lead-interest-summary";
import type { Lead } from "./lead-presentation";

/** Lead page: what the lead is looking for, as short chips, and whether they want offers. */
export function LeadInterestCard({ lead }: { lead: Lead }) {
  const { t, dates, locale } = useI18n();
  const f = t.leads.interest;
  const interest = lead.interest;
  const chips = interest ? interestPhrases(interest, t, locale) : [];
  const consent = lead.offersConsent;
  const consentLine = consent
    ? (consent.consented ? f.consentGiven : f.consentRefused)(formatDate(consent.at, dates), consent.source)
    : f.consentNotAsked;

  return (
    <Card className="h-fit" data-testid="lead-interest-card">
      <CardHeader title={f.title} />
      <div className="flex flex-col gap-3 p-4 text-sm sm:p-5">
        {chips.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5">
            {chips.map((chip, index) => (
              <li key={`${chip}-${index}`} className="rounded-full bg-accent-soft px-2.5 py-1 text-[13px] text-ink">
                {chip}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">{f.empty}</p>
        )}
        <p className={consent?.consented ? "text-ink" : "text-ink-muted"}>{consentLine}</p>
      </div>
    </Card>
  );
}
