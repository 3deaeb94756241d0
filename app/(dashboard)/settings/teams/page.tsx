import type { Metadata } from "next";
import { TeamsPanel } from "~/components/teams/teams-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Teams" };

export default async function TeamsSettingsPage() {
  return (
    <SettingsPage path="/settings/teams">
      <TeamsPanel />
    </SettingsPage>
  );
}
