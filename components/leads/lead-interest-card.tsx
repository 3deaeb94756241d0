"use client";

import { formatDate } from "~/lib/format/dates";
import { formatMoney } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { Card, CardHeader } from "../ui/card";
import type { Lead } from "./lead-presentation";

/** Lead page: what the lead is looking for, as short chips, and whether they want offers. */
export function LeadInterestCard({ lead }: { lead: Lead }) {
  const { t, dates, locale } = useI18n();
  const f = t.leads.interest;
  const interest = lead.interest;
  const money = (amount: number) => formatMoney(amount, interest?.currency ?? "USD", locale);
  const chips: string[] = [];
  if (interest) {
    if (interest.operation) chips.push(interest.operation === "sale" ? f.sale : f.rent);
    if (interest.budgetMin !== null || interest.budgetMax !== null) {
      const range = [interest.budgetMin, interest.budgetMax].map((value) => (value === null ? "…" : money(value))).join(" – ");
      chips.push(f.budget(range));
    }
    if (interest.minBedrooms !== null) chips.push(f.bedrooms(interest.minBedrooms));
    if (interest.minBathrooms !== null) chips.push(f.bathrooms(interest.minBathrooms));
    if (interest.minArea !== null) chips.push(f.area(interest.minArea));
    chips.push(...interest.cities, ...interest.unitTypes);
  }
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
