"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { DateContext } from "../format/dates";
import { dictionaryFor, type UiLocale } from "./dictionaries";
import type { Dictionary } from "./en";

interface I18nValue {
  t: Dictionary;
  locale: UiLocale;
  /** The organization's IANA zone, or null when not configured (UTC is used). */
  timeZone: string | null;
  dates: DateContext;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ locale, timeZone, children }: { locale: UiLocale; timeZone: string | null; children: ReactNode }) {
  const value = useMemo(
    () => ({ t: dictionaryFor(locale), locale, timeZone, dates: { locale, timeZone } }),
    [locale, timeZone],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n outside I18nProvider");
  return value;
}

/** The strings of the surrounding provider, or English where there is none (error screens). */
export function useDictionary(): Dictionary {
  return useContext(I18nContext)?.t ?? dictionaryFor("en");
}
