"use client";

import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { HOME_PERIODS, type HomePeriod } from "~/server/home/home-period-names";
import { Card, CardHeader } from "../ui/card";
import { cx } from "../ui/cx";
import { ProjectFunnelView } from "./project-funnel";

/** The project page's funnel, with the home page's periods to choose from. */
export function ProjectFunnelSection({ projectId }: { projectId: string }) {
  const { t } = useI18n();
  const [period, setPeriod] = useState<HomePeriod>("30d");
  return (
    <Card className="mt-6 min-w-0" aria-labelledby="project-funnel-title">
      <CardHeader
        title={<span id="project-funnel-title">{t.projectFunnel.title}</span>}
        description={t.projectFunnel.hint}
        actions={
          <div role="radiogroup" aria-label={t.home.period} className="inline-flex max-w-full flex-wrap rounded-lg border border-line bg-surface p-0.5">
            {HOME_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={period === p}
                onClick={() => setPeriod(p)}
                className={cx("min-h-9 rounded-md px-3 text-sm font-medium touch:min-h-11", period === p ? "bg-accent text-white" : "text-ink-muted hover:text-ink")}
              >
                {t.home.periods[p]}
              </button>
            ))}
          </div>
        }
      />
      <div className="p-4 sm:p-5">
        <ProjectFunnelView projectId={projectId} period={period} />
      </div>
    </Card>
  );
}
