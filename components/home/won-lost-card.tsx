"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { ChartCard, DataTable, leadListHref } from "./chart-card";

/** Leads won and lost in the period, with their estimated value. */
export function WonLostCard({ period }: { period: HomePeriod }) {
  const { t, locale, money } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.home.wonLost.queryOptions({ period }));
  const rows = query.data
    ? [
        { key: "won", label: t.home.won, color: "#22c55e", ...query.data.won },
        { key: "lost", label: t.home.lost, color: "#ef4444", ...query.data.lost },
      ]
    : [];
  return (
    <ChartCard
      title={t.home.wonLostTitle}
      testId="home-won-lost"
      loading={query.isPending}
      empty={rows.every((r) => r.count === 0)}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="count" name={t.home.columns.leads} isAnimationActive={false} radius={[4, 4, 0, 0]}>
              {rows.map((r) => (
                <Cell key={r.key} fill={r.color} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t.home.wonLostTitle}
          head={["", t.home.columns.leads, t.home.columns.value]}
          rows={rows.map((r) => [r.label, formatNumber(r.count, locale), money(r.estimatedValue)])}
        />
      }
      footer={
        <p className="flex gap-4 text-sm">
          {rows.map((r) => (
            <Link key={r.key} className="text-accent hover:underline" href={leadListHref({ status: r.key })}>
              {`${r.label}: ${formatNumber(r.count, locale)}`}
            </Link>
          ))}
        </p>
      }
    />
  );
}
