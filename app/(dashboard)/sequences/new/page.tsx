import type { Metadata } from "next";
import { SequenceForm } from "~/components/sequences/sequence-form";
import { PageHeader } from "~/components/ui/card";
import { NoAccess } from "~/components/ui/no-access";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { sequencePermissions } from "../sequence-permissions";

export const metadata: Metadata = { title: "New sequence" };

export default async function NewSequencePage() {
  const viewer = await requireViewer("/sequences/new");
  if (!sequencePermissions(viewer.role).create) {
    const t = dictionaryFor(viewer.principal.organization.locale);
    return (
      <>
        <PageHeader title={t.sequences.newSequence} />
        <NoAccess t={t} body={t.sequences.managersOnly} />
      </>
    );
  }
  return <SequenceForm />;
}
