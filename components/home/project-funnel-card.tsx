"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { ProjectFunnelView } from "../projects/project-funnel";
import { Card, CardHeader } from "../ui/card";
import { Select } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";

/** The home widget: one project's funnel for the home page's period, the project chosen here (the newest by default). */
export function ProjectFunnelCard({ period }: { period: HomePeriod }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const projects = useQuery({ ...trpc.projects.list.queryOptions({ limit: 100, sortBy: "createdAt", sortOrder: "desc" }), staleTime: 60_000 });
  const [chosen, setChosen] = useState<string | null>(null);
  const list = projects.data?.data ?? [];
  const projectId = list.some((p) => p.id === chosen) ? chosen : (list[0]?.id ?? null);
  const f = t.projectFunnel;
  return (
    <Card className="min-w-0" data-testid="home-project-funnel">
      <CardHeader
        title={f.title}
        description={f.hint}
        actions={
          list.length > 0 ? (
            <Select aria-label={f.project} value={projectId ?? ""} onChange={(e) => setChosen(e.target.value)} className="w-auto max-w-full">
              {list.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          ) : undefined
        }
      />
      <div className="p-4 sm:p-5">
        {projects.isPending ? (
          <LoadingBlock label={t.common.loading} />
        ) : projectId === null ? (
          <p className="text-sm text-ink-muted">{f.noProjects}</p>
        ) : (
          <ProjectFunnelView projectId={projectId} period={period} />
        )}
      </div>
    </Card>
  );
}
