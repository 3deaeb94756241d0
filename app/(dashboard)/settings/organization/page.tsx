import type { Metadata } from "next";
import { OrganizationForm } from "~/components/settings/organization-form";
import { OutgoingEmailCard } from "~/components/settings/outgoing-email-card";
import { SandboxCard } from "~/components/settings/sandbox-card";
import { getDashboardViewer } from "~/server/account/dashboard-session";
import { UniversalWebhookCard } from "~/components/round-robin/universal-webhook-card";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Organization" };

export default async function OrganizationSettingsPage() {
  const viewer = await getDashboardViewer();
  return (
    <SettingsPage path="/settings/organization">
      <OrganizationForm />
      <OutgoingEmailCard />
      <UniversalWebhookCard />
      <SandboxCard isOwner={viewer?.role === "owner"} />
    </SettingsPage>
  );
}
