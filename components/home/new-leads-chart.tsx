"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { CHART_COLORS, ChartCard, DataTable, leadListHref } from "./chart-card";

/** New leads per local day, stacked by source; each source links to the list filtered by it. */
export function NewLeadsChart({ period }: { period: HomePeriod }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.home.newLeadsBySource.queryOptions({ period }));
  const data = query.data;
  const sourceLabel = (s: string) => (t.leadSource as Record<string, string>)[s] ?? s;
  const rows = (data?.days ?? []).map((d) => ({ date: d.date.slice(5), ...d.counts }));
  const empty = !data || data.days.every((d) => d.total === 0);
  return (
    <ChartCard
      title={t.home.newLeadsTitle}
      testId="home-new-leads"
      loading={query.isPending}
      empty={empty}
      className="lg:col-span-2"
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e7ec" />
            <XAxis dataKey="date" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {data?.sources.map((s, i) => (
              <Bar key={s} dataKey={s} name={sourceLabel(s)} stackId="sources" fill={CHART_COLORS[i % CHART_COLORS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t.home.newLeadsTitle}
          head={[t.home.columns.day, ...(data?.sources ?? []).map(sourceLabel), t.home.columns.total]}
          rows={(data?.days ?? [])
            .filter((d) => d.total > 0)
            .map((d) => [d.date, ...(data?.sources ?? []).map((s) => d.counts[s] ?? 0), d.total])}
        />
      }
      footer={<SourceLinks sources={data?.sources ?? []} />}
    />
  );
}

/** The sources seen in the period as links to the filtered lead list. */
export function SourceLinks({ sources }: { sources: string[] }) {
  const { t } = useI18n();
  return (
    <ul className="flex flex-wrap gap-2 text-sm">
      {sources.map((s) => (
        <li key={s}>
          <Link className="text-accent hover:underline" href={leadListHref({ source: s })}>
            {(t.leadSource as Record<string, string>)[s] ?? s}
          </Link>
        </li>
      ))}
    </ul>
  );
}
