import type { Metadata } from "next";
import { EditPool } from "~/components/round-robin/edit-pool";
import { PageHeader } from "~/components/ui/card";
import { NoAccess } from "~/components/ui/no-access";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { routingPermissions } from "../../routing-permissions";

export const metadata: Metadata = { title: "Edit pool" };

export default async function EditPoolPage({ params }: { params: Promise<{ poolId: string }> }) {
  const { poolId } = await params;
  const viewer = await requireViewer(`/routing/${poolId}/edit`);
  if (!routingPermissions(viewer.role).edit) {
    const t = dictionaryFor(viewer.principal.organization.locale);
    return (
      <>
        <PageHeader title={t.routing.editPool} />
        <NoAccess t={t} body={t.routing.managersOnly} />
      </>
    );
  }
  return <EditPool poolId={poolId} />;
}
