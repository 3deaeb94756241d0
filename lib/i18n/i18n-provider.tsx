"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { DateContext } from "../format/dates";
import { formatMoney } from "../format/numbers";
import { dictionaryFor, type UiLocale } from "./dictionaries";
import type { Dictionary } from "./en";

interface I18nValue {
  t: Dictionary;
  locale: UiLocale;
  /** The organization's IANA zone, or null when not configured (UTC is used). */
  timeZone: string | null;
  dates: DateContext;
  /** A lead value (or a sum of them) in the organization's currency; lead values carry no currency of their own. */
  money: (amount: number) => string;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({
  locale,
  timeZone,
  currency = null,
  children,
}: {
  locale: UiLocale;
  timeZone: string | null;
  currency?: string | null;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({
      t: dictionaryFor(locale),
      locale,
      timeZone,
      dates: { locale, timeZone },
      money: (amount: number) => formatMoney(amount, currency ?? "USD", locale),
    }),
    [locale, timeZone, currency],
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
