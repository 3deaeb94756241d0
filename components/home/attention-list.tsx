"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatRelative } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import { leadListHref } from "./chart-card";

/** My new, not yet contacted leads, oldest first: the first thing to do today. */
export function AttentionList({ period, userId }: { period: HomePeriod; userId: string }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.home.myAttention.queryOptions({ period }));
  const data = query.data;
  return (
    <Card>
      <CardHeader
        title={t.home.attentionTitle}
        description={t.home.attentionHint}
        actions={
          data && data.total > 0 ? (
            <Link className="text-sm font-medium text-accent hover:underline" href={leadListHref({ status: "new", assignee: userId })}>
              {t.home.attentionMore.replace("{count}", String(data.total))}
            </Link>
          ) : undefined
        }
      />
      <div className="p-4 sm:p-5" data-testid="home-attention">
        {query.isPending ? (
          <LoadingBlock label={t.common.loading} />
        ) : !data || data.leads.length === 0 ? (
          <p className="text-sm text-ink-muted">{t.home.attentionEmpty}</p>
        ) : (
          <ul className="divide-y divide-line">
            {data.leads.map((lead) => (
              <li key={lead.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <Link className="min-w-0 truncate font-medium text-accent hover:underline" href={`/leads/${lead.id}`}>
                  {lead.name}
                </Link>
                <span className="shrink-0 text-ink-muted">
                  {(t.leadSource as Record<string, string>)[lead.source] ?? lead.source} · {formatRelative(lead.createdAt, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
