import type { Metadata } from "next";
import { SpeedReport } from "~/components/reports/speed-report";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Speed to lead" };

export default async function SpeedToLeadPage() {
  const viewer = await requireViewer("/reports/speed-to-lead");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader title={t.speedReport.title} description={t.speedReport.subtitle} />
      <SpeedReport />
    </>
  );
}
