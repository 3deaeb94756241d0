"use client";

import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader, PageHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { SequenceActions, type SequenceRights } from "./sequence-actions";
import { DraftSummary } from "./draft-summary";
import { doneOf, ProgressBar, SequenceStatusBadge } from "./sequence-progress";

/** A sequence: state and actions (those the viewer's role allows), progress, dispatches per hour and its contacts. Refreshes while it runs. */
export function SequenceDetail({ sequenceId, can }: { sequenceId: string; can: SequenceRights }) {
  const { t, dates } = useI18n();
  const s = t.sequences;
  const trpc = useTRPC();
  const sequence = useQuery({ ...trpc.sequences.get.queryOptions({ sequenceId }), refetchInterval: 5000 });
  const contacts = useQuery({ ...trpc.sequences.contacts.queryOptions({ sequenceId }), refetchInterval: 5000 });
  if (sequence.isPending) return <LoadingBlock label={t.common.loading} />;
  if (sequence.isError) return <p className="text-sm text-danger">{errorMessageOf(sequence.error, t.common.somethingWrong)}</p>;
  const data = sequence.data;
  const p = data.progress;
  const perHour = contacts.data?.perHour ?? [];
  const peak = Math.max(1, ...perHour.map((h) => h.count));

  return (
    <>
      <PageHeader
        title={data.name}
        description={<SequenceStatusBadge status={data.status} label={s.status[data.status]} />}
        actions={<SequenceActions sequenceId={data.id} status={data.status} can={can} />}
      />
      <div className="flex flex-col gap-6">
        {data.status === "draft" && <DraftSummary sequence={data} />}
        <Card>
          <CardHeader title={s.columns.progress} />
          <div className="flex flex-col gap-4 p-5">
            <ProgressBar progress={p} label={s.progressLabel(doneOf(p), p.total)} />
            <p className="text-xs text-ink-muted">{s.progressHint}</p>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
              {(["pending", "inProgress", "sent", "called", "failed", "skipped"] as const).map((key) => (
                <div key={key}>
                  <dt className="text-ink-muted">{key === "called" ? s.called : s.contactStatus[key === "inProgress" ? "in_progress" : key]}</dt>
                  <dd className="text-lg font-semibold tabular-nums" data-testid={`progress-${key}`}>{p[key]}</dd>
                </div>
              ))}
            </dl>
          </div>
        </Card>
        <Card>
          <CardHeader title={s.perHour} />
          <div className="p-5">
            {perHour.length === 0 ? (
              <p className="text-sm text-ink-muted">{s.noDispatches}</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {perHour.map((h) => (
                  <li key={h.hour} className="flex items-center gap-3 text-sm">
                    <span className="w-36 shrink-0 text-ink-muted">{formatDateTime(h.hour, dates)}</span>
                    <span className="h-3 rounded bg-accent" style={{ width: `${(h.count / peak) * 60}%` }} />
                    <span className="tabular-nums">{h.count}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Card>
        {(contacts.data?.contacts.length ?? 0) > 0 && (
          <Card>
            <CardHeader title={s.contacts} />
            <Table label={s.contacts}>
              <THead>
                <tr>
                  <TH>{s.contactColumns.lead}</TH>
                  <TH>{s.contactColumns.status}</TH>
                  <TH>{s.contactColumns.dispatchedAt}</TH>
                  <TH>{s.contactColumns.outcome}</TH>
                </tr>
              </THead>
              <TBody>
                {contacts.data!.contacts.map((c) => (
                  <TR key={c.id}>
                    <TD>{c.leadName ?? c.leadId}</TD>
                    <TD label={s.contactColumns.status}>{s.contactStatus[c.status as keyof typeof s.contactStatus] ?? c.status}</TD>
                    <TD label={s.contactColumns.dispatchedAt} className="text-ink-muted">{c.dispatchedAt ? formatDateTime(c.dispatchedAt, dates) : "—"}</TD>
                    <TD label={s.contactColumns.outcome}>
                      {c.outcome ? s.calls.outcomes[c.outcome as keyof typeof s.calls.outcomes] ?? c.outcome : c.reason ?? "—"}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </Card>
        )}
      </div>
    </>
  );
}
