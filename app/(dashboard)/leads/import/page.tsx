import type { Metadata } from "next";
import { LeadImportWizard } from "~/components/leads/import/lead-import-wizard";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Import leads" };

export default async function ImportLeadsPage() {
  const viewer = await requireViewer("/leads/import");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader title={t.leads.imports.title} description={t.leads.imports.subtitle} />
      <LeadImportWizard />
    </>
  );
}
