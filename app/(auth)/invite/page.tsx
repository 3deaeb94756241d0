import type { Metadata } from "next";
import { AcceptInvitation } from "~/components/auth/accept-invitation";
import { AuthCard } from "~/components/auth/auth-card";
import { Providers } from "~/components/providers";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { getDashboardViewer } from "~/server/account/dashboard-session";
import { requestLocale } from "../request-locale";

export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

/** Where an invitation link lands (`/invite?token=…`), signed in or not. */
export default async function InvitePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  const viewer = await getDashboardViewer();
  const locale = viewer?.principal.organization.locale ?? (await requestLocale());
  const t = dictionaryFor(locale);
  return (
    <Providers locale={locale} timeZone={null}>
      <AuthCard title={t.team.invitationTitle} subtitle={t.app.tagline} footer={null}>
        <AcceptInvitation token={typeof token === "string" ? token : ""} viewerEmail={viewer?.user.email ?? null} />
      </AuthCard>
    </Providers>
  );
}
