"use client";

import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import type { HomePeriod } from "~/server/home/home-period-names";
import { AttentionList } from "./attention-list";
import { FunnelChart } from "./funnel-chart";
import { MyCallsCard } from "./my-calls-card";
import { MyMeetingsCard } from "./my-meetings-card";
import { NewLeadsChart } from "./new-leads-chart";
import { PeriodPicker } from "./period-picker";
import { ProjectFunnelCard } from "./project-funnel-card";
import { ResponseTimeCard } from "./response-time-card";
import { SpeedToLeadCard } from "./speed-to-lead-card";
import { AssignmentsByPoolChart, LeadsPerMemberChart } from "./team-charts";
import { WonLostCard } from "./won-lost-card";

/**
 * The landing page: the person's own to-dos first, then the team's picture
 * for the chosen period. Each widget loads on its own (one request each).
 */
export function HomeOverview({ userId }: { userId: string }) {
  const { t } = useI18n();
  const [period, setPeriod] = useState<HomePeriod>("7d");
  return (
    <div className="space-y-6">
      <PeriodPicker value={period} onChange={setPeriod} />
      <section aria-labelledby="home-mine" className="space-y-3">
        <h2 id="home-mine" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
          {t.home.mine}
        </h2>
        <AttentionList period={period} userId={userId} />
        <div className="grid gap-4 lg:grid-cols-2">
          <MyCallsCard />
          <MyMeetingsCard />
        </div>
      </section>
      <section aria-labelledby="home-team" className="space-y-3">
        <h2 id="home-team" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
          {t.home.team}
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <NewLeadsChart period={period} />
          <FunnelChart period={period} />
          <WonLostCard period={period} />
          <LeadsPerMemberChart period={period} />
          <AssignmentsByPoolChart period={period} />
          <SpeedToLeadCard period={period} />
          <ResponseTimeCard period={period} />
          <ProjectFunnelCard period={period} />
        </div>
      </section>
    </div>
  );
}
