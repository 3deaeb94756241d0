"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { leadListHref } from "../home/chart-card";
import { leadName } from "../leads/lead-presentation";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";

const SHOWN = 20;

/**
 * The leads waiting for their owner's first touch right now, through the lead
 * list's own `firstTouch=waiting` filter (so it shows exactly what the list
 * shows, visibility included). The oldest arrivals are fetched and ordered by
 * their deadline, overdue ones first.
 */
export function WaitingLeads() {
  const { t, dates } = useI18n();
  const s = t.speedReport;
  const trpc = useTRPC();
  const query = useQuery(trpc.leads.list.queryOptions({ limit: SHOWN, offset: 0, sortBy: "createdAt", sortOrder: "asc", firstTouch: "waiting" }));
  const leads = [...(query.data?.data ?? [])].sort((a, b) => (a.firstTouch.dueAt ?? "").localeCompare(b.firstTouch.dueAt ?? ""));
  const total = query.data?.pagination.total ?? 0;
  const now = Date.now();
  return (
    <Card className="min-w-0">
      <CardHeader
        title={s.waitingList}
        description={s.waitingListHint}
        actions={
          <Link className="text-sm font-medium text-accent hover:underline" href={leadListHref({ touch: "waiting" })}>
            {s.seeAllWaiting}
          </Link>
        }
      />
      <div className="p-4 sm:p-5" data-testid="speed-waiting">
        {query.isPending ? (
          <LoadingBlock label={t.common.loading} />
        ) : leads.length === 0 ? (
          <p className="text-sm text-ink-muted">{s.noneWaiting}</p>
        ) : (
          <ul className="divide-y divide-line">
            {leads.map((lead) => {
              const due = lead.firstTouch.dueAt;
              const overdue = due !== null && (lead.firstTouch.breachedAt !== null || Date.parse(due) <= now);
              return (
                <li key={lead.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-waiting-lead={leadName(lead, t.leads.unnamed)}>
                  <Link href={`/leads/${lead.id}`} className="min-w-0 truncate font-medium text-accent hover:underline">
                    {leadName(lead, t.leads.unnamed)}
                  </Link>
                  {due && (
                    <span className={overdue ? "text-sm font-medium text-danger" : "text-sm text-ink-muted"}>
                      {overdue ? s.overdue : s.due} {formatDateTime(due, dates)}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {total > leads.length && (
          <p className="mt-2 text-sm text-ink-muted">
            <Link className="text-accent hover:underline" href={leadListHref({ touch: "waiting" })}>
              {s.seeAllWaiting} ({total})
            </Link>
          </p>
        )}
      </div>
    </Card>
  );
}
