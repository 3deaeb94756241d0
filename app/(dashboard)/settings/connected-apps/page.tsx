import type { Metadata } from "next";
import { ConnectedAppsPanel } from "~/components/settings/connected-apps-panel";
import { PrivateAppsPanel } from "~/components/settings/private-apps-panel";
import { getDashboardViewer } from "~/server/account/dashboard-session";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Connected apps" };

export default async function ConnectedAppsSettingsPage() {
  const viewer = await getDashboardViewer();
  return (
    <SettingsPage path="/settings/connected-apps">
      <div className="flex flex-col gap-6">
        <ConnectedAppsPanel />
        {/* Registering the organization's own apps is for owners (the rules check again). */}
        {viewer?.role === "owner" && <PrivateAppsPanel />}
      </div>
    </SettingsPage>
  );
}
