"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { isLeadSource } from "~/server/leads/lead-enums";
import { leadListHref } from "../home/chart-card";
import { PeriodPicker } from "../home/period-picker";
import { formatDuration } from "../home/response-time-card";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import { formatRate, type FirstTouchRow } from "./speed-report-presentation";
import { SpeedReportTable, type SpeedRow } from "./speed-report-table";
import { WaitingLeads } from "./waiting-leads";

/** The speed-to-lead report: totals, the waiting list, breakdowns per rep, source, pool and project, and the leaderboard. */
export function SpeedReport() {
  const { t, locale } = useI18n();
  const s = t.speedReport;
  const trpc = useTRPC();
  const [period, setPeriod] = useState<HomePeriod>("7d");
  const query = useQuery(trpc.reports.firstTouch.queryOptions({ period }));
  const report = query.data;
  const name = (row: FirstTouchRow, fallback: string) => row.name ?? row.key ?? fallback;
  const sourceLabel = (key: string | null) => (key && isLeadSource(key) ? t.leadSource[key] : (key ?? s.none));
  const reps: SpeedRow[] = (report?.byRep ?? []).map((row) => ({ row, label: name(row, s.unassigned), filter: { assignee: row.key ?? "none" } }));
  const sources: SpeedRow[] = (report?.bySource ?? []).map((row) => ({ row, label: sourceLabel(row.key), filter: row.key ? { source: row.key } : null }));
  const pools: SpeedRow[] = (report?.byPool ?? []).map((row) => ({ row, label: name(row, s.none), filter: row.key ? { pool: row.key } : null }));
  const projects: SpeedRow[] = (report?.byProject ?? []).map((row) => ({ row, label: name(row, s.none), filter: row.key ? { project: row.key } : null }));
  const total = report?.total;
  return (
    <div className="space-y-6">
      <PeriodPicker value={period} onChange={setPeriod} />
      {query.isPending || !report || !total ? (
        <LoadingBlock label={t.common.loading} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="speed-totals">
            <Figure label={s.median} value={formatDuration(total.medianSeconds)} hint={`${s.p90}: ${formatDuration(total.p90Seconds)}`} />
            <Figure
              label={s.breachRate}
              value={formatRate(total.breachRate, locale)}
              hint={`${formatNumber(total.breached, locale)} / ${formatNumber(total.leads, locale)}`}
              href={leadListHref({ touch: "breached" })}
            />
            <Figure label={s.waiting} value={formatNumber(total.waiting, locale)} href={leadListHref({ touch: "waiting" })} />
            <Figure label={s.touched} value={formatNumber(total.touched, locale)} hint={`${s.leads}: ${formatNumber(total.leads, locale)}`} />
          </dl>
          <p className="text-xs text-ink-muted">{s.breachedHint}</p>
          <WaitingLeads />
          <SpeedReportTable title={s.byRep} testId="speed-by-rep" rows={reps} />
          <Leaderboard rows={report.leaderboard} />
          <SpeedReportTable title={s.bySource} testId="speed-by-source" rows={sources} />
          <SpeedReportTable title={s.byPool} testId="speed-by-pool" rows={pools} />
          <SpeedReportTable title={s.byProject} testId="speed-by-project" rows={projects} />
        </>
      )}
    </div>
  );
}

function Figure({ label, value, hint, href }: { label: string; value: string; hint?: string; href?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-line bg-surface p-3 sm:p-4" data-figure={label}>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-ink">
        {href ? (
          <Link className="text-accent hover:underline" href={href} aria-label={`${label}: ${value}`}>
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
      {hint && <dd className="text-xs text-ink-muted">{hint}</dd>}
    </div>
  );
}

type LeaderboardRow = { rank: number; userId: string; name: string | null; medianSeconds: number | null; breachRate: number | null; touched: number };

function Leaderboard({ rows }: { rows: LeaderboardRow[] }) {
  const { t, locale } = useI18n();
  const s = t.speedReport;
  return (
    <Card className="min-w-0">
      <CardHeader title={s.leaderboard} description={s.leaderboardHint} />
      <div className="p-4 sm:p-5" data-testid="speed-leaderboard">
        {rows.length === 0 ? (
          <p className="text-sm text-ink-muted">{s.noLeads}</p>
        ) : (
          <ol className="divide-y divide-line">
            {rows.map((r) => (
              <li key={r.userId} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2 text-sm">
                <span className="w-8 font-semibold tabular-nums text-ink-muted">{r.rank}.</span>
                <Link className="min-w-0 flex-1 truncate font-medium text-accent hover:underline" href={leadListHref({ assignee: r.userId })}>
                  {r.name ?? r.userId.slice(0, 8)}
                </Link>
                <span className="tabular-nums">
                  {s.median}: {formatDuration(r.medianSeconds)}
                </span>
                <span className="tabular-nums">
                  {s.breachRate}: {formatRate(r.breachRate, locale)}
                </span>
                <span className="tabular-nums">
                  {s.touched}: {formatNumber(r.touched, locale)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
