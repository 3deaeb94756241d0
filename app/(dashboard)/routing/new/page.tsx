import type { Metadata } from "next";
import { PoolForm } from "~/components/round-robin/pool-form";
import { PageHeader } from "~/components/ui/card";
import { NoAccess } from "~/components/ui/no-access";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { routingPermissions } from "../routing-permissions";

export const metadata: Metadata = { title: "New pool" };

export default async function NewPoolPage() {
  const viewer = await requireViewer("/routing/new");
  if (!routingPermissions(viewer.role).create) {
    const t = dictionaryFor(viewer.principal.organization.locale);
    return (
      <>
        <PageHeader title={t.routing.newPool} />
        <NoAccess t={t} body={t.routing.managersOnly} />
      </>
    );
  }
  return <PoolForm />;
}
