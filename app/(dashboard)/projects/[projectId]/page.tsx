import type { Metadata } from "next";
import { ProjectDetail } from "~/components/projects/project-detail";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Project" };

export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  await requireViewer(`/projects/${projectId}`);
  return <ProjectDetail projectId={projectId} />;
}
