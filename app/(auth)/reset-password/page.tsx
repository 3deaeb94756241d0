import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/auth/auth-card";
import { ResetPasswordForm } from "~/components/auth/password-forms";
import { Providers } from "~/components/providers";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requestLocale } from "../request-locale";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

/** Where the reset link lands (`/reset-password?token=…`). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  const locale = await requestLocale();
  const t = dictionaryFor(locale);
  return (
    <Providers locale={locale} timeZone={null}>
      <AuthCard
        title={t.team.resetTitle}
        subtitle={t.auth.passwordHint}
        footer={
          <Link href="/forgot-password" className="font-medium text-accent hover:underline">
            {t.team.forgotPassword}
          </Link>
        }
      >
        <ResetPasswordForm token={typeof token === "string" ? token : ""} />
      </AuthCard>
    </Providers>
  );
}
