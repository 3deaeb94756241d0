"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { ChartCard, DataTable, leadListHref } from "./chart-card";

/** Seconds as a short duration: 45 s, 12 min, 3.5 h, 2.1 d. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

/** The chart's unit, chosen by its longest bar, so minutes read as minutes rather than ".005 h". */
function chartUnit(longestSeconds: number): { unit: string; seconds: number } {
  if (longestSeconds < 120) return { unit: " s", seconds: 1 };
  if (longestSeconds < 2 * 3600) return { unit: " min", seconds: 60 };
  if (longestSeconds < 2 * 86_400) return { unit: " h", seconds: 3600 };
  return { unit: " d", seconds: 86_400 };
}

/** Time from lead creation to first logged communication per member: median and p90, charted in the unit that suits them. */
export function ResponseTimeCard({ period }: { period: HomePeriod }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.home.responseTime.queryOptions({ period }));
  const data = query.data ?? [];
  const scale = chartUnit(Math.max(0, ...data.map((r) => r.p90Seconds ?? r.medianSeconds ?? 0)));
  const inUnit = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / scale.seconds) * 10) / 10);
  const rows = data.map((r) => ({
    ...r,
    label: r.name ?? (r.userId ? r.userId.slice(0, 8) : t.home.unassigned),
    median: inUnit(r.medianSeconds),
    p90: inUnit(r.p90Seconds),
  }));
  return (
    <ChartCard
      title={t.home.responseTitle}
      hint={t.home.responseHint}
      testId="home-response-time"
      loading={query.isPending}
      empty={rows.length === 0}
      className="lg:col-span-2"
      chart={
        !rows.some((r) => r.answered > 0) ? (
          <p className="text-sm text-ink-muted">{t.home.noResponsesYet}</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e7ec" />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis unit={scale.unit} width={64} allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(value) => (typeof value === "number" ? `${formatNumber(value, locale)}${scale.unit}` : String(value))} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="median" name={t.home.median} fill="#0ea5e9" isAnimationActive={false} />
              <Bar dataKey="p90" name={t.home.p90} fill="#f59e0b" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={
        <DataTable
          caption={t.home.responseTitle}
          head={[t.home.columns.member, t.home.median, t.home.p90, t.home.answered, t.home.waiting]}
          rows={rows.map((r) => [
            <Link key={r.userId ?? "none"} className="text-accent hover:underline" href={leadListHref({ assignee: r.userId ?? "none" })}>
              {r.label}
            </Link>,
            formatDuration(r.medianSeconds),
            formatDuration(r.p90Seconds),
            formatNumber(r.answered, locale),
            formatNumber(r.waiting, locale),
          ])}
        />
      }
    />
  );
}
