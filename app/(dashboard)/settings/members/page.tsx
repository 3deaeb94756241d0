import type { Metadata } from "next";
import { MembersTable } from "~/components/settings/members-table";
import { isMailConfigured } from "~/server/mail/mail-settings";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Members" };

export default async function MembersSettingsPage() {
  return (
    <SettingsPage path="/settings/members">
      <MembersTable mailConfigured={isMailConfigured()} />
    </SettingsPage>
  );
}
