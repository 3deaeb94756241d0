import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "~/components/auth/auth-card";
import { SignupForm } from "~/components/auth/signup-form";
import { Providers } from "~/components/providers";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { getDashboardViewer } from "~/server/account/dashboard-session";
import { requestLocale } from "../request-locale";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignupPage() {
  if (await getDashboardViewer()) redirect("/home");
  const locale = await requestLocale();
  const t = dictionaryFor(locale);
  return (
    <Providers locale={locale} timeZone={null}>
      <AuthCard
        title={t.auth.signUpTitle}
        subtitle={t.auth.signUpSubtitle}
        footer={
          <>
            {t.auth.haveAccount}{" "}
            <Link href="/login" className="font-medium text-accent hover:underline">
              {t.auth.signIn}
            </Link>
          </>
        }
      >
        <SignupForm />
      </AuthCard>
    </Providers>
  );
}
