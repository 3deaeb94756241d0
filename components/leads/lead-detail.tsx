"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorCodeOf, errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { EditLeadDialog } from "./edit-lead-dialog";
import { StageLabel } from "./lead-badges";
import { FirstTouchBadge } from "./first-touch-badge";
import { Sheet } from "../ui/sheet";
import { useIsPhone } from "../ui/use-media-query";
import { ContactActions } from "./contact-actions";
import { mailtoHref, telHref } from "./contact-links";
import { LeadComposer, type ComposerMode } from "./lead-composer";
import { LeadDuplicates } from "./lead-duplicates";
import { QuickCallLog } from "./quick-call-log";
import { LeadPanels } from "./lead-panels";
import { leadName, type Lead } from "./lead-presentation";
import { LeadTimeline } from "./lead-timeline";
import { useLeadGone } from "./use-lead-gone";
import { useLeadLookups } from "./use-lead-lookups";

export function LeadDetail({ leadId }: { leadId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const lookups = useLeadLookups();
  const lead = useQuery(trpc.leads.get.queryOptions({ leadId }));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [composerMode, setComposerMode] = useState<ComposerMode>("note");
  const [callSheetOpen, setCallSheetOpen] = useState(false);
  const isPhone = useIsPhone();
  useLeadGone(leadId);

  if (lead.isPending) return <LoadingBlock label={t.common.loading} />;
  if (lead.isError) {
    // Missing, another organization's, or not among the leads the viewer sees: one answer for all three.
    const gone = errorCodeOf(lead.error) === "NOT_FOUND";
    return (
      <Card>
        <EmptyState
          title={gone ? t.visibility.notVisibleTitle : t.common.somethingWrong}
          description={gone ? t.visibility.notVisibleBody : undefined}
          action={
            <Link href="/leads" className="text-sm font-medium text-accent hover:underline">
              ← {t.visibility.backToLeads}
            </Link>
          }
        />
      </Card>
    );
  }
  const data = lead.data;
  const actions = (
    <>
      <Button variant="secondary" onClick={() => setEditing(true)}>
        {t.common.edit}
      </Button>
      <Button variant="danger-ghost" onClick={() => setDeleting(true)}>
        {t.common.delete}
      </Button>
    </>
  );
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <Link href="/leads" className="inline-flex min-h-8 items-center text-sm text-ink-muted hover:text-ink touch:min-h-11">
          ← {t.leads.title}
        </Link>
        {/* On a phone the name gets the full width; the rarer actions wait up here. */}
        <div className="flex gap-1 sm:hidden">{actions}</div>
      </div>
      <header className="mb-4 mt-1 flex flex-col gap-4 sm:mb-6 sm:mt-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="break-words text-2xl font-semibold tracking-tight" data-testid="lead-name">
              {leadName(data, t.leads.unnamed)}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-ink-muted">
              <StageLabel stageId={data.stageId} stageName={data.stageName} stages={lookups.stages} />
              {data.company && <span>{data.company}</span>}
              {data.temperature && <Badge>{t.temperature[data.temperature]}</Badge>}
              <FirstTouchBadge firstTouch={data.firstTouch} />
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap justify-end gap-2 max-sm:hidden">{actions}</div>
        </div>
        <ContactActions
          lead={data}
          onCall={() => {
            // The dialer opens; coming back, the outcome is one tap away.
            if (isPhone) setCallSheetOpen(true);
            else setComposerMode("call");
          }}
        />
      </header>
      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6 lg:col-span-2">
          <Card>
            <div className="p-4 sm:p-5">
              <LeadComposer leadId={leadId} mode={composerMode} onModeChange={setComposerMode} />
            </div>
          </Card>
          <Card>
            <CardHeader title={t.leads.timeline} />
            <div className="px-4 pt-5 sm:px-5">
              <LeadTimeline leadId={leadId} stages={lookups.stages} members={lookups.members} />
            </div>
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <LeadDuplicates lead={data} />
          <LeadFacts lead={data} />
          <LeadPanels lead={data} />
        </div>
      </div>
      <Sheet open={callSheetOpen} onClose={() => setCallSheetOpen(false)} title={t.mobile.logCallTitle} testId="call-sheet">
        <QuickCallLog leadId={leadId} onLogged={() => setCallSheetOpen(false)} />
      </Sheet>
      {editing && <EditLeadDialog lead={data} open={editing} onClose={() => setEditing(false)} />}
      <DeleteLead lead={data} open={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

function LeadFacts({ lead }: { lead: Lead }) {
  const { t, dates, money } = useI18n();
  const f = t.leads.fields;
  const rows: [string, ReactNode][] = [
    [f.email, lead.email ? <a href={mailtoHref(lead.email)} className="text-accent hover:underline">{lead.email}</a> : null],
    [f.phone, lead.phone ? <a href={telHref(lead.phone)} className="text-accent hover:underline">{lead.phone}</a> : null],
    [f.company, lead.company],
    [f.jobTitle, lead.jobTitle],
    [f.source, t.leadSource[lead.source]],
    [f.assignee, lead.assignedTo?.name ?? t.common.unassigned],
    [f.estimatedValue, lead.estimatedValue === null ? null : money(lead.estimatedValue)],
    [f.score, lead.score === null ? null : String(lead.score)],
    [f.project, lead.projectName ? <Link href={`/projects/${lead.projectId}`} className="text-accent hover:underline">{lead.projectName}</Link> : null],
    [f.city, [lead.city, lead.state, lead.country].filter(Boolean).join(", ") || null],
    [f.language, lead.language ? t.locales[lead.language] : f.languageDefault],
    [f.notes, lead.notes],
    [f.createdAt, formatDateTime(lead.createdAt, dates)],
    [f.updatedAt, formatDateTime(lead.updatedAt, dates)],
  ];
  return (
    <Card className="h-fit">
      <CardHeader title={t.leads.detailsTitle} />
      <dl className="divide-y divide-line px-4 sm:px-5">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-5 gap-3 py-2.5 text-sm">
            <dt className="col-span-2 text-ink-muted">{label}</dt>
            <dd className="col-span-3 min-w-0 whitespace-pre-wrap break-words text-ink">{value ?? <span className="text-ink-subtle">—</span>}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function DeleteLead({ lead, open, onClose }: { lead: Lead; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.leads.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.leads.list.pathKey() });
        toast.success(t.leads.deleted);
        router.push("/leads");
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  return (
    <ConfirmDialog
      open={open}
      title={t.leads.deleteLead}
      body={t.leads.deleteConfirm}
      confirmLabel={t.common.delete}
      cancelLabel={t.common.cancel}
      busy={remove.isPending}
      onConfirm={() => remove.mutate({ leadId: lead.id })}
      onClose={onClose}
    />
  );
}
