"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { formatNumber } from "~/lib/format/numbers";
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
import { LeadStatusBadge, StageLabel } from "./lead-badges";
import { LeadComposer } from "./lead-composer";
import { LeadPanels } from "./lead-panels";
import { leadName, type Lead } from "./lead-presentation";
import { LeadTimeline } from "./lead-timeline";
import { useLeadLookups } from "./use-lead-lookups";

export function LeadDetail({ leadId }: { leadId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const lookups = useLeadLookups();
  const lead = useQuery(trpc.leads.get.queryOptions({ leadId }));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (lead.isPending) return <LoadingBlock label={t.common.loading} />;
  if (lead.isError) {
    return (
      <Card>
        <EmptyState
          title={errorCodeOf(lead.error) === "NOT_FOUND" ? t.common.notFound : t.common.somethingWrong}
          action={
            <Link href="/leads" className="text-sm font-medium text-accent hover:underline">
              ← {t.leads.title}
            </Link>
          }
        />
      </Card>
    );
  }
  const data = lead.data;
  return (
    <>
      <Link href="/leads" className="text-sm text-ink-muted hover:text-ink">
        ← {t.leads.title}
      </Link>
      <header className="mb-6 mt-2 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="lead-name">
            {leadName(data, t.leads.unnamed)}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            <LeadStatusBadge status={data.status} />
            <StageLabel stageId={data.stageId} stageName={data.stageName} stages={lookups.stages} />
            {data.company && <span>{data.company}</span>}
            {data.temperature && <Badge>{t.temperature[data.temperature]}</Badge>}
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t.common.edit}
          </Button>
          <Button variant="danger-ghost" onClick={() => setDeleting(true)}>
            {t.common.delete}
          </Button>
        </div>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Card>
            <div className="p-5">
              <LeadComposer leadId={leadId} />
            </div>
          </Card>
          <Card>
            <CardHeader title={t.leads.timeline} />
            <div className="px-5 pt-5">
              <LeadTimeline leadId={leadId} stages={lookups.stages} members={lookups.members} />
            </div>
          </Card>
        </div>
        <div className="flex flex-col gap-6">
          <LeadFacts lead={data} />
          <LeadPanels lead={data} />
        </div>
      </div>
      {editing && <EditLeadDialog lead={data} open={editing} onClose={() => setEditing(false)} />}
      <DeleteLead lead={data} open={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

function LeadFacts({ lead }: { lead: Lead }) {
  const { t, dates, locale } = useI18n();
  const f = t.leads.fields;
  const rows: [string, ReactNode][] = [
    [f.email, lead.email ? <a href={`mailto:${lead.email}`} className="text-accent hover:underline">{lead.email}</a> : null],
    [f.phone, lead.phone ? <a href={`tel:${lead.phone}`} className="text-accent hover:underline">{lead.phone}</a> : null],
    [f.company, lead.company],
    [f.jobTitle, lead.jobTitle],
    [f.source, t.leadSource[lead.source]],
    [f.assignee, lead.assignedTo?.name ?? t.common.unassigned],
    [f.estimatedValue, lead.estimatedValue === null ? null : formatNumber(lead.estimatedValue, locale)],
    [f.score, lead.score === null ? null : String(lead.score)],
    [f.project, lead.projectName ? <Link href={`/projects/${lead.projectId}`} className="text-accent hover:underline">{lead.projectName}</Link> : null],
    [f.city, [lead.city, lead.state, lead.country].filter(Boolean).join(", ") || null],
    [f.notes, lead.notes],
    [f.createdAt, formatDateTime(lead.createdAt, dates)],
    [f.updatedAt, formatDateTime(lead.updatedAt, dates)],
  ];
  return (
    <Card className="h-fit">
      <CardHeader title={t.leads.detailsTitle} />
      <dl className="divide-y divide-line px-5">
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
