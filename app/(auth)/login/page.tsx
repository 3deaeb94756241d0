import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "~/components/auth/auth-card";
import { LoginForm } from "~/components/auth/login-form";
import { Providers } from "~/components/providers";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { getDashboardViewer } from "~/server/account/dashboard-session";
import { safeCallbackUrl } from "~/server/auth/callback-url";
import { requestLocale } from "../request-locale";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await getDashboardViewer()) redirect(callbackUrl);
  const locale = await requestLocale();
  const t = dictionaryFor(locale);
  return (
    <Providers locale={locale} timeZone={null}>
      <AuthCard
        title={t.auth.signInTitle}
        subtitle={t.auth.signInSubtitle}
        footer={
          <>
            {t.auth.noAccount}{" "}
            <Link href="/signup" className="font-medium text-accent hover:underline">
              {t.auth.createAccount}
            </Link>
          </>
        }
      >
        <LoginForm callbackUrl={callbackUrl} />
      </AuthCard>
    </Providers>
  );
}
