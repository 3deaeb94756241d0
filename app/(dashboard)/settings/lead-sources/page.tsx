import type { Metadata } from "next";
import { LeadSourcesPanel } from "~/components/lead-sources/lead-sources-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Lead sources" };

export default async function LeadSourcesSettingsPage() {
  return (
    <SettingsPage path="/settings/lead-sources">
      <LeadSourcesPanel />
    </SettingsPage>
  );
}
