import type { Metadata } from "next";
import { SequenceDetail } from "~/components/sequences/sequence-detail";
import { requireViewer } from "~/server/account/dashboard-session";
import { sequencePermissions } from "../sequence-permissions";

export const metadata: Metadata = { title: "Sequence" };

export default async function SequencePage({ params }: { params: Promise<{ sequenceId: string }> }) {
  const { sequenceId } = await params;
  const viewer = await requireViewer(`/sequences/${sequenceId}`);
  return <SequenceDetail sequenceId={sequenceId} can={sequencePermissions(viewer.role)} />;
}
