import type { Locale } from "../i18n/messages";

/**
 * Which of a setting's languages a reply uses: the lead's language (its own
 * `language`, else the organization's), else English, else Spanish; null
 * when the setting has none.
 */
export function replyLanguage<T>(byLocale: Partial<Record<Locale, T>>, locale: Locale): { locale: Locale; value: T } | null {
  for (const candidate of [locale, "en", "es"] as const) {
    const value = byLocale[candidate];
    if (value !== undefined) return { locale: candidate, value };
  }
  return null;
}

const NAMELESS: Record<Locale, string> = { en: "there", es: "cliente" };

/** How the reply names the lead: the first name, else the last name, else a friendly word ("Hi there"). */
export function replyName(lead: { firstName: string | null; lastName: string | null }, locale: Locale): string {
  return lead.firstName?.trim() || lead.lastName?.trim() || NAMELESS[locale];
}
