import type { Metadata } from "next";
import { MatchSendingDefaultPanel } from "~/components/matching/match-sending-default-panel";
import { SettingsPage } from "../settings-page";

export const metadata: Metadata = { title: "New matches" };

export default async function NewMatchesSettingsPage() {
  return (
    <SettingsPage path="/settings/new-matches">
      <MatchSendingDefaultPanel />
    </SettingsPage>
  );
}
