"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import type { HomePeriod } from "~/server/home/home-period-names";
import type { FunnelStage } from "~/server/projects/funnel/funnel-stage-names";
import { Button } from "../ui/button";

/** Says which number of a project's funnel the list shows (it came from a funnel link), with a way out. */
export function FunnelFilterChip({
  projectName,
  stage,
  period,
  onClear,
}: {
  projectName: string | null;
  stage: FunnelStage;
  period: HomePeriod;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const f = t.projectFunnel;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line bg-accent-soft/40 px-4 py-2 text-sm" data-testid="funnel-filter">
      <p className="min-w-0 break-words text-ink">{f.listFilter(projectName ?? f.project, f.stages[stage], t.home.periods[period])}</p>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {f.clearFilter}
      </Button>
    </div>
  );
}
