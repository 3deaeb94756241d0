import type { Metadata } from "next";
import { AuthCard } from "~/components/auth/auth-card";
import { VerifyEmail } from "~/components/auth/verify-email";
import { Providers } from "~/components/providers";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requestLocale } from "../request-locale";

export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };

/** Where the verification link lands (`/verify-email?token=…`). */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  const locale = await requestLocale();
  const t = dictionaryFor(locale);
  return (
    <Providers locale={locale} timeZone={null}>
      <AuthCard title={t.team.verifyTitle} subtitle={t.app.tagline} footer={null}>
        <VerifyEmail token={typeof token === "string" ? token : ""} />
      </AuthCard>
    </Providers>
  );
}
