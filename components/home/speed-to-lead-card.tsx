"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { formatRate } from "../reports/speed-report-presentation";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";
import { leadListHref } from "./chart-card";
import { formatDuration } from "./response-time-card";

/** Speed to lead at a glance: median time to first touch, breach rate and leads waiting now, linking to the full report. */
export function SpeedToLeadCard({ period }: { period: HomePeriod }) {
  const { t, locale } = useI18n();
  const s = t.speedReport;
  const trpc = useTRPC();
  const query = useQuery(trpc.reports.firstTouch.queryOptions({ period }));
  const total = query.data?.total;
  return (
    <Card className="min-w-0">
      <CardHeader
        title={s.title}
        actions={
          <Link className="text-sm font-medium text-accent hover:underline" href="/reports/speed-to-lead">
            {s.openReport}
          </Link>
        }
      />
      <div className="p-4 sm:p-5" data-testid="home-speed-to-lead">
        {!total ? (
          <LoadingBlock label={t.common.loading} />
        ) : (
          <dl className="grid grid-cols-3 gap-3">
            <div className="min-w-0">
              <dt className="text-sm text-ink-muted">{s.median}</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatDuration(total.medianSeconds)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm text-ink-muted">{s.breachRate}</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatRate(total.breachRate, locale)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm text-ink-muted">{s.waitingNow}</dt>
              <dd className="text-xl font-semibold tabular-nums">
                <Link className="text-accent hover:underline" href={leadListHref({ touch: "waiting" })}>
                  {formatNumber(total.waiting, locale)}
                </Link>
              </dd>
            </div>
          </dl>
        )}
      </div>
    </Card>
  );
}
