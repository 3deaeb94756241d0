import { formatMoney } from "~/lib/format/numbers";
import type { UiLocale } from "~/lib/i18n/dictionaries";
import type { useI18n } from "~/lib/i18n/i18n-provider";
import type { Lead } from "./lead-presentation";

type I18n = ReturnType<typeof useI18n>["t"];
type Interest = NonNullable<Lead["interest"]>;

/**
 * What a lead is looking for as short phrases in the viewer's language
 * ("Buy", "Budget $100,000 – …", "2+ bedrooms", cities, unit types). The
 * lead page shows them as chips and the timeline joins them when the interest
 * changes, so both read the same.
 */
export function interestPhrases(interest: Interest, t: I18n, locale: UiLocale): string[] {
  const f = t.leads.interest;
  const money = (amount: number) => formatMoney(amount, interest.currency ?? "USD", locale);
  const phrases: string[] = [];
  if (interest.operation) phrases.push(interest.operation === "sale" ? f.sale : f.rent);
  if (interest.budgetMin !== null || interest.budgetMax !== null) {
    phrases.push(f.budget([interest.budgetMin, interest.budgetMax].map((value) => (value === null ? "…" : money(value))).join(" – ")));
  }
  if (interest.minBedrooms !== null) phrases.push(f.bedrooms(interest.minBedrooms));
  if (interest.minBathrooms !== null) phrases.push(f.bathrooms(interest.minBathrooms));
  if (interest.minArea !== null) phrases.push(f.area(interest.minArea));
  phrases.push(...interest.cities, ...interest.unitTypes);
  if (interest.projectIds.length > 0) phrases.push(`${f.projects}: ${interest.projectIds.length}`);
  return phrases;
}

/**
 * A recorded interest (a timeline change's `from` or `to`) as one readable
 * line; null when the value is not an interest (an older or foreign shape),
 * so the caller can fall back to showing it as it is.
 */
export function interestSummary(value: unknown, t: I18n, locale: UiLocale): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const raw = value as Partial<Interest>;
  const interest: Interest = {
    operation: raw.operation ?? null,
    budgetMin: numberOrNull(raw.budgetMin),
    budgetMax: numberOrNull(raw.budgetMax),
    currency: typeof raw.currency === "string" ? raw.currency : null,
    minBedrooms: numberOrNull(raw.minBedrooms),
    minBathrooms: numberOrNull(raw.minBathrooms),
    minArea: numberOrNull(raw.minArea),
    cities: stringsOf(raw.cities),
    unitTypes: stringsOf(raw.unitTypes),
    projectIds: stringsOf(raw.projectIds),
  };
  const phrases = interestPhrases(interest, t, locale);
  return phrases.length > 0 ? phrases.join(", ") : null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
