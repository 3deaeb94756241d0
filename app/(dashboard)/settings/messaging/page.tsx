import type { Metadata } from "next";
import { MessagingSettingsPanel } from "~/components/messaging/messaging-settings-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Messaging" };

export default async function MessagingSettingsPage() {
  return (
    <SettingsPage path="/settings/messaging">
      <MessagingSettingsPanel />
    </SettingsPage>
  );
}
