import type { Metadata } from "next";
import { Suspense } from "react";
import { LeadsList } from "~/components/leads/leads-list";
import { NewLeadButton } from "~/components/leads/new-lead-dialog";
import { PageHeader } from "~/components/ui/card";
import { buttonClasses } from "~/components/ui/button";
import Link from "next/link";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { ownLeadsAssignee } from "~/server/leads/lead-visibility";

export const metadata: Metadata = { title: "Leads" };

export default async function LeadsPage() {
  const viewer = await requireViewer("/leads");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader title={t.leads.title} description={t.leads.subtitle} actions={
          <>
            <Link href="/leads/import" className={buttonClasses("secondary", "md")}>
              {t.leads.imports.importCsv}
            </Link>
            <NewLeadButton ownAssigneeId={ownLeadsAssignee(viewer.principal)} />
          </>
        } />
      <Suspense>
        <LeadsList />
      </Suspense>
    </>
  );
}
