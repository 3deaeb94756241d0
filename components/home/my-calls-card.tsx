"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatRelative } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";

/** My call tasks from sequences: how many are due and the next few, oldest first; the work itself happens on /calls. */
export function MyCallsCard() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.home.myCalls.queryOptions({}));
  const data = query.data;
  return (
    <Card>
      <CardHeader
        title={t.homeAgenda.callsTitle}
        description={t.homeAgenda.callsHint}
        actions={
          <Link className="text-sm font-medium text-accent hover:underline" href="/calls">
            {data && data.total > 0 ? t.homeAgenda.callsMore.replace("{count}", String(data.total)) : t.homeAgenda.callsOpen}
          </Link>
        }
      />
      <div className="p-4 sm:p-5" data-testid="home-calls">
        {query.isPending ? (
          <LoadingBlock label={t.common.loading} />
        ) : !data || data.calls.length === 0 ? (
          <p className="text-sm text-ink-muted">{t.homeAgenda.callsEmpty}</p>
        ) : (
          <ul className="divide-y divide-line">
            {data.calls.map((call) => (
              // Name first and whole; the sequence and time wrap under it when the row is narrow (never widen the page).
              <li key={call.contactId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 text-sm">
                <Link className="min-w-0 break-words font-medium text-accent hover:underline" href={`/leads/${call.leadId}`}>
                  {call.leadName}
                </Link>
                <span className="min-w-0 break-words text-ink-muted">
                  {call.sequenceName} · {formatRelative(call.dispatchedAt, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
