import type { Metadata } from "next";
import { LeadDetail } from "~/components/leads/lead-detail";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Lead" };

export default async function LeadPage({ params }: { params: Promise<{ leadId: string }> }) {
  const { leadId } = await params;
  await requireViewer(`/leads/${leadId}`);
  return <LeadDetail leadId={leadId} />;
}
