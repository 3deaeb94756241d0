import type { Metadata } from "next";
import { PoolDetail } from "~/components/round-robin/pool-detail";
import { requireViewer } from "~/server/account/dashboard-session";
import { routingPermissions } from "../routing-permissions";

export const metadata: Metadata = { title: "Pool" };

export default async function PoolPage({ params }: { params: Promise<{ poolId: string }> }) {
  const { poolId } = await params;
  const viewer = await requireViewer(`/routing/${poolId}`);
  return <PoolDetail poolId={poolId} can={routingPermissions(viewer.role)} />;
}
