import type { Metadata } from "next";
import { OrganizationForm } from "~/components/settings/organization-form";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Organization" };

export default async function OrganizationSettingsPage() {
  return (
    <SettingsPage path="/settings/organization">
      <OrganizationForm />
    </SettingsPage>
  );
}
