import { headers } from "next/headers";
import { localeFromAcceptLanguage, type UiLocale } from "~/lib/i18n/dictionaries";

/** Before sign-in no organization is known: follow the browser's language. */
export async function requestLocale(): Promise<UiLocale> {
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeCallbackUrl(value: string | string[] | undefined): string {
  const url = Array.isArray(value) ? value[0] : value;
  if (!url || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return "/leads";
  return url;
}
