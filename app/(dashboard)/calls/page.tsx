import type { Metadata } from "next";
import { CallQueue } from "~/components/sequences/call-queue";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Calls to make" };

export default async function CallsPage() {
  const viewer = await requireViewer("/calls");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader title={t.sequences.calls.title} description={t.sequences.calls.subtitle} />
      <CallQueue />
    </>
  );
}
