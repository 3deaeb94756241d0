import type { Metadata } from "next";
import { UsagePanel } from "~/components/usage/usage-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Usage" };

export default async function UsageSettingsPage() {
  return (
    <SettingsPage path="/settings/usage">
      <UsagePanel />
    </SettingsPage>
  );
}
