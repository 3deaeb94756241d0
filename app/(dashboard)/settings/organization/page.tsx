import type { Metadata } from "next";
import { OrganizationForm } from "~/components/settings/organization-form";
import { OutgoingEmailCard } from "~/components/settings/outgoing-email-card";
import { UniversalWebhookCard } from "~/components/round-robin/universal-webhook-card";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Organization" };

export default async function OrganizationSettingsPage() {
  return (
    <SettingsPage path="/settings/organization">
      <OrganizationForm />
      <OutgoingEmailCard />
      <UniversalWebhookCard />
    </SettingsPage>
  );
}
