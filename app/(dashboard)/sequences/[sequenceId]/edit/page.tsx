import type { Metadata } from "next";
import { EditSequence } from "~/components/sequences/edit-sequence";
import { PageHeader } from "~/components/ui/card";
import { NoAccess } from "~/components/ui/no-access";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { sequencePermissions } from "../../sequence-permissions";

export const metadata: Metadata = { title: "Edit sequence" };

export default async function EditSequencePage({ params }: { params: Promise<{ sequenceId: string }> }) {
  const { sequenceId } = await params;
  const viewer = await requireViewer(`/sequences/${sequenceId}/edit`);
  if (!sequencePermissions(viewer.role).edit) {
    const t = dictionaryFor(viewer.principal.organization.locale);
    return (
      <>
        <PageHeader title={t.sequences.editSequence} />
        <NoAccess t={t} body={t.sequences.managersOnly} />
      </>
    );
  }
  return <EditSequence sequenceId={sequenceId} />;
}
