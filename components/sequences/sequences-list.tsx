"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { ListQueryStates } from "../ui/list-query-states";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { doneOf, ProgressBar, SequenceStatusBadge } from "./sequence-progress";

/** Every sequence, newest first, with its status and how far it got. */
export function SequencesList({ canCreate }: { canCreate: boolean }) {
  const { t, dates } = useI18n();
  const s = t.sequences;
  const trpc = useTRPC();
  const sequences = useQuery({ ...trpc.sequences.list.queryOptions({}), refetchInterval: 5000 });
  return (
    <Card>
      <ListQueryStates
        query={sequences}
        retry
        errorDetail={false}
        empty={<EmptyState title={s.emptyTitle} description={s.emptyBody} action={canCreate ? <Link href="/sequences/new" className={buttonClasses()}>{s.newSequence}</Link> : undefined} />}
      >
        {(page) => (
          <Table label={s.title}>
            <THead>
              <tr>
                <TH>{s.columns.name}</TH>
                <TH>{s.columns.status}</TH>
                <TH>{s.columns.progress}</TH>
                <TH>{s.columns.started}</TH>
              </tr>
            </THead>
            <TBody>
              {page.data.map((sequence) => (
                <TR key={sequence.id} className="hover:bg-canvas/60">
                  <TD>
                    <Link href={`/sequences/${sequence.id}`} className="font-medium hover:text-accent">{sequence.name}</Link>
                  </TD>
                  <TD label={s.columns.status}>
                    <SequenceStatusBadge status={sequence.status} label={s.status[sequence.status]} />
                  </TD>
                  <TD label={s.columns.progress}>
                    <ProgressBar progress={sequence.progress} label={s.progressLabel(doneOf(sequence.progress), sequence.progress.total)} />
                  </TD>
                  <TD label={s.columns.started} className="text-ink-muted">
                    {sequence.startedAt ? formatDateTime(sequence.startedAt, dates) : "—"}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </ListQueryStates>
    </Card>
  );
}
