import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/auth/auth-card";
import { ForgotPasswordForm } from "~/components/auth/password-forms";
import { Providers } from "~/components/providers";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { isMailConfigured } from "~/server/mail/mail-settings";
import { requestLocale } from "../request-locale";

export const metadata: Metadata = { title: "Reset your password" };

export default async function ForgotPasswordPage() {
  const locale = await requestLocale();
  const t = dictionaryFor(locale);
  const mailConfigured = isMailConfigured();
  return (
    <Providers locale={locale} timeZone={null}>
      <AuthCard
        title={t.team.forgotTitle}
        subtitle={mailConfigured ? t.team.forgotSubtitle : undefined}
        footer={
          <Link href="/login" className="font-medium text-accent hover:underline">
            {t.team.backToSignIn}
          </Link>
        }
      >
        {/* Without outgoing email no link could reach anyone: say so, and whom to ask, instead of a form that promises one. */}
        {mailConfigured ? (
          <ForgotPasswordForm />
        ) : (
          <p className="text-sm text-ink" role="status" data-testid="reset-needs-email">
            {t.team.resetNeedsEmail}
          </p>
        )}
      </AuthCard>
    </Providers>
  );
}
