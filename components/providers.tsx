"use client";

import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { I18nProvider } from "~/lib/i18n/i18n-provider";
import type { UiLocale } from "~/lib/i18n/dictionaries";
import { TRPCReactProvider } from "~/lib/trpc/react";
import { ToastProvider } from "./ui/toast";

/** Everything a dashboard (or sign-in) page needs on the client: session, data, strings and toasts. */
export function Providers({
  locale,
  timeZone,
  currency = null,
  children,
}: {
  locale: UiLocale;
  timeZone: string | null;
  /** The organization's currency for lead values; null outside the dashboard. */
  currency?: string | null;
  children: ReactNode;
}) {
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <TRPCReactProvider>
        <I18nProvider locale={locale} timeZone={timeZone} currency={currency}>
          <ToastProvider>{children}</ToastProvider>
        </I18nProvider>
      </TRPCReactProvider>
    </SessionProvider>
  );
}
