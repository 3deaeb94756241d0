import type { Metadata } from "next";
import { EditPool } from "~/components/round-robin/edit-pool";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Edit pool" };

export default async function EditPoolPage({ params }: { params: Promise<{ poolId: string }> }) {
  const { poolId } = await params;
  await requireViewer(`/routing/${poolId}/edit`);
  return <EditPool poolId={poolId} />;
}
