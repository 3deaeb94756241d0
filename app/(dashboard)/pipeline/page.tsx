import type { Metadata } from "next";
import { NewLeadButton } from "~/components/leads/new-lead-dialog";
import { PipelineBoard } from "~/components/leads/pipeline-board";
import { PageHeader } from "~/components/ui/card";
import { dictionaryFor } from "~/lib/i18n/dictionaries";
import { requireViewer } from "~/server/account/dashboard-session";
import { ownLeadsAssignee } from "~/server/leads/lead-visibility";

export const metadata: Metadata = { title: "Pipeline" };

export default async function PipelinePage() {
  const viewer = await requireViewer("/pipeline");
  const t = dictionaryFor(viewer.principal.organization.locale);
  return (
    <>
      <PageHeader
        title={t.pipeline.title}
        description={
          <>
            <span className="max-sm:hidden">{t.pipeline.subtitle}</span>
            {/* A phone shows one stage at a time and has no drag and drop. */}
            <span className="sm:hidden">{t.mobile.pipelineSubtitle}</span>
          </>
        }
        actions={<NewLeadButton ownAssigneeId={ownLeadsAssignee(viewer.principal)} />}
      />
      <PipelineBoard />
    </>
  );
}
