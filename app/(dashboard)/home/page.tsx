import type { Metadata } from "next";
import { HomeOverview } from "~/components/home/home-overview";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Home" };

export default async function HomePage() {
  const viewer = await requireViewer("/home");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader title={t.home.title} description={t.home.subtitle} />
      <HomeOverview userId={viewer.principal.userId ?? ""} />
    </>
  );
}
