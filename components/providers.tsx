"use client";

import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { I18nProvider } from "~/lib/i18n/i18n-provider";
import type { UiLocale } from "~/lib/i18n/dictionaries";
import { TRPCReactProvider } from "~/lib/trpc/react";
import { ToastProvider } from "./ui/toast";

/** Everything a dashboard (or sign-in) page needs on the client: session, data, strings and toasts. */
export function Providers({ locale, timeZone, children }: { locale: UiLocale; timeZone: string | null; children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <TRPCReactProvider>
        <I18nProvider locale={locale} timeZone={timeZone}>
          <ToastProvider>{children}</ToastProvider>
        </I18nProvider>
      </TRPCReactProvider>
    </SessionProvider>
  );
}
