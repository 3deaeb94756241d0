import type { ReactNode } from "react";
import { NoAccess } from "~/components/ui/no-access";
import { SettingsTabs } from "~/components/settings/settings-tabs";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireSettingsViewer } from "~/server/account/dashboard-session";

/**
 * The frame of every Settings page. The role is checked here, on the server,
 * for each page: a member who types a Settings address sees "no access" and
 * receives none of its data (the procedures check the role again).
 */
export async function SettingsPage({ path, children }: { path: string; children: ReactNode }) {
  const { viewer, allowed } = await requireSettingsViewer(path);
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader title={t.settings.title} />
      {allowed ? (
        <>
          <SettingsTabs />
          {children}
        </>
      ) : (
        <NoAccess t={t} />
      )}
    </>
  );
}
