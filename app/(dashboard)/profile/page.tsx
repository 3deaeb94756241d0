import type { Metadata } from "next";
import { ProfileCards } from "~/components/profile/profile-cards";
import { Card, CardHeader, PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { hasRole, MANAGERS } from "~/server/auth/roles";
import { isMailConfigured } from "~/server/mail/mail-settings";

export const metadata: Metadata = { title: "Profile" };

/** Every member's own page (not Settings, which is for owners and admins): their account and what they connected. */
export default async function ProfilePage() {
  const viewer = await requireViewer("/profile");
  const t = dictionaryFor(viewer.principal.organization.locale);
  const rows: [string, string][] = [
    [t.profile.name, viewer.user.name],
    [t.profile.email, viewer.user.email],
    [t.profile.organization, viewer.principal.organization.name],
    [t.profile.role, t.roles[viewer.role]],
  ];
  return (
    <>
      <PageHeader title={t.profile.title} description={t.profile.subtitle} />
      <div className="flex max-w-3xl flex-col gap-6">
        <Card>
          <CardHeader title={t.profile.account} />
          <dl className="divide-y divide-line px-5">
            {rows.map(([label, value]) => (
              <div key={label} className="grid grid-cols-1 gap-1 py-2.5 text-sm sm:grid-cols-3 sm:gap-3">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="min-w-0 break-words text-ink sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <ProfileCards ownUsage={!hasRole(viewer.role, MANAGERS)} mailConfigured={isMailConfigured()} />
      </div>
    </>
  );
}
