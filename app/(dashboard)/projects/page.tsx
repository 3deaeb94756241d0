import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { ProjectsList } from "~/components/projects/projects-list";
import { PlusIcon } from "~/components/shell/icons";
import { buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const viewer = await requireViewer("/projects");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader
        title={t.projects.title}
        description={t.projects.subtitle}
        actions={
          <Link href="/projects/new" className={buttonClasses()}>
            <PlusIcon /> {t.projects.newProject}
          </Link>
        }
      />
      <Suspense>
        <ProjectsList />
      </Suspense>
    </>
  );
}
