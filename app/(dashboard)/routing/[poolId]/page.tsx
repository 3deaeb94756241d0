import type { Metadata } from "next";
import { PoolDetail } from "~/components/round-robin/pool-detail";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Pool" };

export default async function PoolPage({ params }: { params: Promise<{ poolId: string }> }) {
  const { poolId } = await params;
  await requireViewer(`/routing/${poolId}`);
  return <PoolDetail poolId={poolId} />;
}
