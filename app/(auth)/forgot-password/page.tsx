import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/auth/auth-card";
import { ForgotPasswordForm } from "~/components/auth/password-forms";
import { Providers } from "~/components/providers";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requestLocale } from "../request-locale";

export const metadata: Metadata = { title: "Reset your password" };

export default async function ForgotPasswordPage() {
  const locale = await requestLocale();
  const t = dictionaryFor(locale);
  return (
    <Providers locale={locale} timeZone={null}>
      <AuthCard
        title={t.team.forgotTitle}
        subtitle={t.team.forgotSubtitle}
        footer={
          <Link href="/login" className="font-medium text-accent hover:underline">
            {t.team.backToSignIn}
          </Link>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </Providers>
  );
}
