import type { Metadata } from "next";
import { ConnectedAppsPanel } from "~/components/settings/connected-apps-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Connected apps" };

export default async function ConnectedAppsSettingsPage() {
  return (
    <SettingsPage path="/settings/connected-apps">
      <ConnectedAppsPanel />
    </SettingsPage>
  );
}
