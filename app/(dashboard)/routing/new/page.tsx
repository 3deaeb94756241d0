import type { Metadata } from "next";
import { PoolForm } from "~/components/round-robin/pool-form";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "New pool" };

export default async function NewPoolPage() {
  await requireViewer("/routing/new");
  return <PoolForm />;
}
