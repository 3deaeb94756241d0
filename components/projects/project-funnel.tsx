"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { FUNNEL_STAGES, type FunnelStage } from "~/server/projects/funnel/funnel-stage-names";
import { Select } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";

type Breakdown = "total" | "bySource" | "byAgent";

/** The lead list behind one number of a project's funnel (the list reads these from its URL), optionally narrowed by source or owner. */
export function funnelLeadsHref(projectId: string, stage: FunnelStage, period: HomePeriod, narrow: { source?: string; assignee?: string } = {}): string {
  const params = new URLSearchParams({ funnelProject: projectId, funnelStage: stage, funnelPeriod: period });
  if (narrow.source) params.set("source", narrow.source);
  if (narrow.assignee) params.set("assignee", narrow.assignee);
  return `/leads?${params.toString()}`;
}

/**
 * A project's funnel for a period: one bar per stage, each a link to its
 * leads, and on demand the same numbers per source or per owner as a table
 * whose cells link to those leads (one card per source or owner below `lg`). Used on the project page and in the home widget.
 */
export function ProjectFunnelView({ projectId, period }: { projectId: string; period: HomePeriod }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.projects.funnel.queryOptions({ projectId, period }));
  const [breakdown, setBreakdown] = useState<Breakdown>("total");
  const f = t.projectFunnel;
  if (query.isPending) return <LoadingBlock label={t.common.loading} />;
  if (query.isError) return <p className="text-sm text-danger">{t.common.somethingWrong}</p>;
  const stages = query.data.stages;
  const widest = Math.max(1, ...stages.map((s) => s.count));
  const keysOf = (kind: "bySource" | "byAgent") => {
    const seen = new Map<string, string>();
    for (const stage of stages) {
      for (const row of kind === "bySource" ? stage.bySource : stage.byAgent) {
        const key = "source" in row ? row.source : (row.userId ?? "none");
        const label = "source" in row ? (t.leadSource[row.source as keyof typeof t.leadSource] ?? row.source) : (row.name ?? t.common.unassigned);
        if (!seen.has(key)) seen.set(key, label);
      }
    }
    return [...seen.entries()];
  };
  const countOf = (stage: (typeof stages)[number], kind: "bySource" | "byAgent", key: string) =>
    kind === "bySource"
      ? (stage.bySource.find((row) => row.source === key)?.count ?? 0)
      : (stage.byAgent.find((row) => (row.userId ?? "none") === key)?.count ?? 0);

  return (
    <div className="space-y-4" data-testid="project-funnel">
      <ol className="space-y-2">
        {stages.map((stage) => {
          const label = f.stages[stage.stage];
          const count = formatNumber(stage.count, locale);
          return (
            <li key={stage.stage}>
              <Link
                href={funnelLeadsHref(projectId, stage.stage, period)}
                aria-label={f.leadsAt(label, count)}
                className="block rounded-md px-1 py-1 hover:bg-canvas touch:min-h-11"
                data-testid={`funnel-stage-${stage.stage}`}
              >
                <span className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 text-ink">{label}</span>
                  <span className="font-semibold tabular-nums text-ink">{count}</span>
                </span>
                <span className="mt-1 block h-2 rounded-full bg-canvas" aria-hidden>
                  <span
                    className="block h-2 rounded-full bg-accent"
                    style={{ width: `${stage.count === 0 ? 0 : Math.max(2, (stage.count / widest) * 100)}%` }}
                  />
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
      <label className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
        {f.breakdown}
        <Select value={breakdown} onChange={(e) => setBreakdown(e.target.value as Breakdown)} className="w-auto">
          <option value="total">{f.total}</option>
          <option value="bySource">{f.bySource}</option>
          <option value="byAgent">{f.byAgent}</option>
        </Select>
      </label>
      {breakdown !== "total" && (
        <Table label={breakdown === "bySource" ? f.bySource : f.byAgent}>
          <THead>
            <tr role="row">
              <TH>{breakdown === "bySource" ? t.home.columns.source : t.home.columns.member}</TH>
              {FUNNEL_STAGES.map((stage) => (
                <TH key={stage} className="text-right">
                  {f.stages[stage]}
                </TH>
              ))}
            </tr>
          </THead>
          <TBody>
            {keysOf(breakdown).map(([key, label]) => (
              <TR key={key}>
                <TD className="font-medium">{label}</TD>
                {stages.map((stage) => (
                  <TD key={stage.stage} label={f.stages[stage.stage]} className="text-right tabular-nums">
                    <Link
                      className="text-accent hover:underline touch:inline-flex touch:min-h-11 touch:items-center"
                      href={funnelLeadsHref(projectId, stage.stage, period, breakdown === "bySource" ? { source: key } : { assignee: key })}
                    >
                      {formatNumber(countOf(stage, breakdown, key), locale)}
                    </Link>
                  </TD>
                ))}
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}
