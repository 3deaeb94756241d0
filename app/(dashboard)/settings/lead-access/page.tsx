import type { Metadata } from "next";
import { LeadAccessPanel } from "~/components/settings/lead-access-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Lead access" };

export default async function LeadAccessSettingsPage() {
  return (
    <SettingsPage path="/settings/lead-access">
      <LeadAccessPanel />
    </SettingsPage>
  );
}
