import { headers } from "next/headers";
import { localeFromAcceptLanguage, type UiLocale } from "~/lib/i18n/dictionaries";

/** Before sign-in no organization is known: follow the browser's language. */
export async function requestLocale(): Promise<UiLocale> {
  return localeFromAcceptLanguage((await headers()).get("accept-language"));
}
