import type { Metadata } from "next";
import { ApiKeysPanel } from "~/components/settings/api-keys-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysSettingsPage() {
  return (
    <SettingsPage path="/settings/api-keys">
      <ApiKeysPanel />
    </SettingsPage>
  );
}
