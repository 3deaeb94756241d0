import type { Metadata } from "next";
import { SequenceForm } from "~/components/sequences/sequence-form";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "New sequence" };

export default async function NewSequencePage() {
  await requireViewer("/sequences/new");
  return <SequenceForm />;
}
