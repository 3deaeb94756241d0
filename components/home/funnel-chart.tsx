"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { ChartCard, DataTable, leadListHref } from "./chart-card";

/** The pipeline now: leads and estimated value per stage, in stage order (horizontal bars, a funnel). */
export function FunnelChart({ period }: { period: HomePeriod }) {
  const { t, locale, money } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.home.pipelineFunnel.queryOptions({ period }));
  const stages = query.data?.stages ?? [];
  const empty = stages.every((s) => s.count === 0);
  return (
    <ChartCard
      title={t.home.funnelTitle}
      hint={t.home.funnelHint}
      testId="home-funnel"
      loading={query.isPending}
      empty={empty}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={stages} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="count" name={t.home.columns.leads} isAnimationActive={false} radius={[0, 4, 4, 0]}>
              {stages.map((s) => (
                <Cell key={s.stageId} fill={s.color} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t.home.funnelTitle}
          head={[t.home.columns.stage, t.home.columns.leads, t.home.columns.value]}
          rows={stages.map((s) => [
            <Link key={s.stageId} className="text-accent hover:underline" href={leadListHref({ stage: s.stageId })}>
              {s.name}
            </Link>,
            formatNumber(s.count, locale),
            money(s.estimatedValue),
          ])}
        />
      }
      footer={
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {stages.map((s) => (
            <li key={s.stageId}>
              <Link className="text-accent hover:underline" href={leadListHref({ stage: s.stageId })}>
                {`${s.name} (${formatNumber(s.count, locale)})`}
              </Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}
