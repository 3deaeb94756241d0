import type { Metadata } from "next";
import Link from "next/link";
import { NewProjectForm } from "~/components/projects/new-project-form";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "New project" };

export default async function NewProjectPage() {
  const viewer = await requireViewer("/projects/new");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <div className="max-w-3xl">
      <Link href="/projects" className="text-sm text-ink-muted hover:text-ink">
        ← {t.projects.title}
      </Link>
      <div className="mt-2">
        <PageHeader title={t.projects.newProject} />
      </div>
      <NewProjectForm />
    </div>
  );
}
