import type { Metadata } from "next";
import { EditSequence } from "~/components/sequences/edit-sequence";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Edit sequence" };

export default async function EditSequencePage({ params }: { params: Promise<{ sequenceId: string }> }) {
  const { sequenceId } = await params;
  await requireViewer(`/sequences/${sequenceId}/edit`);
  return <EditSequence sequenceId={sequenceId} />;
}
