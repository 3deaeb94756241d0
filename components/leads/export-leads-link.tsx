"use client";

import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { buttonClasses } from "../ui/button";

/** The filters of the list on screen, as the export takes them (the same names as `GET /leads`). */
export interface LeadExportFilters {
  sortBy: string;
  sortOrder: string;
  query?: string;
  source?: string;
  stageId?: string;
  assignedToId?: string;
  funnelProjectId?: string;
  funnelStage?: string;
  funnelPeriod?: string;
}

/**
 * "Export CSV" under the lead list: a plain link to the dashboard's download
 * of the same procedure as `GET /api/v1/leads/export`, with the list's
 * filters and order, so the browser saves the file as it streams in.
 */
export function ExportLeadsLink({ filters, total }: { filters: LeadExportFilters; total: number }) {
  const { t, locale } = useI18n();
  const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-3">
      <p className="min-w-0 text-[13px] text-ink-muted">{t.leads.exportHint(total, formatNumber(total, locale))}</p>
      <a href={`/api/exports/leads?${params.toString()}`} download className={buttonClasses("secondary", "sm")}>
        {t.leads.exportCsv}
      </a>
    </div>
  );
}
