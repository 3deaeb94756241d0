"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { leadListHref } from "../home/chart-card";
import { formatDuration } from "../home/response-time-card";
import { Card, CardHeader } from "../ui/card";
import { formatRate, type FirstTouchRow, type RowFilter } from "./speed-report-presentation";

export interface SpeedRow {
  row: FirstTouchRow;
  label: string;
  filter: RowFilter;
}

/**
 * One breakdown of the report (per rep, source, pool or project): a table from
 * 1024 px up, one card per row below, each figure linking to its leads.
 */
export function SpeedReportTable({ title, testId, rows }: { title: string; testId: string; rows: SpeedRow[] }) {
  const { t, locale } = useI18n();
  const s = t.speedReport;
  const link = (filter: RowFilter, touch: string | undefined, text: string, label: string): ReactNode =>
    filter ? (
      <Link className="text-accent hover:underline" href={leadListHref({ ...filter, touch })} aria-label={`${label}: ${text}`}>
        {text}
      </Link>
    ) : (
      text
    );
  const cells = ({ row, filter, label }: SpeedRow) => [
    { head: s.leads, value: link(filter, undefined, formatNumber(row.leads, locale), `${label} ${s.leads}`) },
    { head: s.touched, value: formatNumber(row.touched, locale) },
    { head: s.waiting, value: link(filter, "waiting", formatNumber(row.waiting, locale), `${label} ${s.waiting}`) },
    {
      head: s.breachRate,
      value: link(filter, "breached", `${formatRate(row.breachRate, locale)} (${formatNumber(row.breached, locale)})`, `${label} ${s.breached}`),
    },
    { head: s.median, value: formatDuration(row.medianSeconds) },
    { head: s.p90, value: formatDuration(row.p90Seconds) },
  ];
  return (
    <Card className="min-w-0">
      <CardHeader title={title} />
      <div className="p-4 sm:p-5" data-testid={testId}>
        {rows.length === 0 ? (
          <p className="text-sm text-ink-muted">{s.noLeads}</p>
        ) : (
          <>
            <table className="hidden w-full text-left text-sm lg:table">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-line text-ink-muted">
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {title}
                  </th>
                  {cells(rows[0]!).map((c) => (
                    <th key={c.head} scope="col" className="py-1.5 pr-3 text-right font-medium">
                      {c.head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.row.key ?? "none"} className="border-b border-line last:border-0" data-speed-row={r.label}>
                    <th scope="row" className="py-1.5 pr-3 font-normal">
                      {r.filter ? (
                        <Link className="text-accent hover:underline" href={leadListHref(r.filter)}>
                          {r.label}
                        </Link>
                      ) : (
                        r.label
                      )}
                    </th>
                    {cells(r).map((c) => (
                      <td key={c.head} className="py-1.5 pr-3 text-right tabular-nums">
                        {c.value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-line lg:hidden" aria-label={title}>
              {rows.map((r) => (
                <li key={r.row.key ?? "none"} className="py-3" data-speed-card={r.label}>
                  <p className="font-medium text-ink">{r.label}</p>
                  <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
                    {cells(r).map((c) => (
                      <div key={c.head} className="min-w-0">
                        <dt className="text-ink-muted">{c.head}</dt>
                        <dd className="tabular-nums">{c.value}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}
