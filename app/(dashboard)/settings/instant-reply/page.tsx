import type { Metadata } from "next";
import { InstantReplyPanel } from "~/components/instant-reply/instant-reply-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "Instant reply" };

export default async function InstantReplySettingsPage() {
  return (
    <SettingsPage path="/settings/instant-reply">
      <InstantReplyPanel />
    </SettingsPage>
  );
}
