import type { Metadata } from "next";
import { WebhooksPanel } from "~/components/settings/webhooks-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksSettingsPage() {
  return (
    <SettingsPage path="/settings/webhooks">
      <WebhooksPanel />
    </SettingsPage>
  );
}
