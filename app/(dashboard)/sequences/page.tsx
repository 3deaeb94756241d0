import type { Metadata } from "next";
import Link from "next/link";
import { SequencesList } from "~/components/sequences/sequences-list";
import { PlusIcon } from "~/components/shell/icons";
import { buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { sequencePermissions } from "./sequence-permissions";

export const metadata: Metadata = { title: "Sequences" };

/** The sequences, for every member to read; creating one is offered to the roles the procedure admits (owners and admins). */
export default async function SequencesPage() {
  const viewer = await requireViewer("/sequences");
  const t = dictionaryFor(viewer.principal.organization.locale);
  const { create } = sequencePermissions(viewer.role);
  return (
    <>
      <PageHeader
        title={t.sequences.title}
        description={t.sequences.subtitle}
        actions={create ? <Link href="/sequences/new" className={buttonClasses()}><PlusIcon /> {t.sequences.newSequence}</Link> : undefined}
      />
      <SequencesList canCreate={create} />
    </>
  );
}
