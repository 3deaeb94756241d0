"use client";

import { useId, useState, type ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { Card, CardHeader } from "../ui/card";
import { cx } from "../ui/cx";
import { LoadingBlock } from "../ui/spinner";

/**
 * A home widget: a title, its chart (hidden from screen readers) and the same
 * numbers as a table, always in the page for assistive technology and shown
 * on demand for anyone who prefers numbers to bars.
 */
export function ChartCard({
  title,
  hint,
  testId,
  loading,
  empty,
  chart,
  table,
  footer,
  className,
}: {
  title: string;
  hint?: string;
  testId: string;
  loading: boolean;
  empty: boolean;
  chart: ReactNode;
  table: ReactNode;
  /** Links through to the filtered lead list. */
  footer?: ReactNode;
  className?: string;
}) {
  const { t } = useI18n();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    // min-w-0: a grid item may shrink below the chart's measured width, so a chart never pushes the page sideways.
    <Card className={cx("min-w-0", className)}>
      <CardHeader
        title={title}
        description={hint}
        actions={
          !loading && !empty ? (
            <button
              type="button"
              className="min-h-8 text-sm font-medium text-accent hover:underline"
              aria-controls={tableId}
              aria-expanded={showTable}
              onClick={() => setShowTable((v) => !v)}
            >
              {showTable ? t.home.hideTable : t.home.showTable}
            </button>
          ) : undefined
        }
      />
      <div className="p-4 sm:p-5" data-testid={testId}>
        {loading ? (
          <LoadingBlock label={t.common.loading} />
        ) : empty ? (
          <p className="text-sm text-ink-muted">{t.home.empty}</p>
        ) : (
          <>
            {/* Clipped: after a resize the chart keeps its old width until it re-measures, and must not widen the page meanwhile. */}
            {!showTable && (
              <div className="h-60 overflow-hidden" aria-hidden>
                {chart}
              </div>
            )}
            <div id={tableId} className={cx(showTable ? "overflow-x-auto" : "sr-only")}>
              {table}
            </div>
            {footer && <div className="mt-3 border-t border-line pt-3">{footer}</div>}
          </>
        )}
      </div>
    </Card>
  );
}

/** A plain, accessible data table for the fallbacks. */
export function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-ink-muted">
          {head.map((h, i) => (
            <th key={i} scope="col" className={cx("py-1.5 pr-3 font-medium", i > 0 && "text-right")}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          <tr key={r} className="border-b border-line last:border-0">
            {cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 pr-3 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-1.5 pr-3 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Link to the lead list with filters (the list reads them from its URL: status, source, stage, assignee, touch, pool, project). */
export function leadListHref(filters: {
  status?: string;
  source?: string;
  stage?: string;
  assignee?: string;
  touch?: string;
  pool?: string;
  project?: string;
}): string {
  const params = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  const query = params.toString();
  return query ? `/leads?${query}` : "/leads";
}

export const CHART_COLORS = ["#4f46e5", "#0ea5e9", "#14b8a6", "#f59e0b", "#ef4444", "#8b5cf6", "#22c55e", "#ec4899", "#64748b", "#84cc16", "#06b6d4", "#f97316"];
