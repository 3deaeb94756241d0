import { en, type Dictionary } from "./en";
import { es } from "./es";

export type UiLocale = "en" | "es";

const DICTIONARIES: Record<UiLocale, Dictionary> = { en, es };

/** The UI strings of a locale; the organization's locale inside the dashboard, the browser's before sign-in. */
export function dictionaryFor(locale: UiLocale): Dictionary {
  return DICTIONARIES[locale];
}

/** Picks es or en from an Accept-Language header (sign-in and sign-up pages, where no organization is known yet). */
export function localeFromAcceptLanguage(header: string | null): UiLocale {
  if (!header) return "en";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (tag.startsWith("es")) return "es";
    if (tag.startsWith("en")) return "en";
  }
  return "en";
}
