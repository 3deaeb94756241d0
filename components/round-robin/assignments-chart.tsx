"use client";

import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";

/** Assignments per participant over the last 30 days: is the rotation fair? */
export function AssignmentsChart({ poolId }: { poolId: string }) {
  const { t } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const chart = useQuery(trpc.roundRobin.assignmentsChart.queryOptions({ roundRobinId: poolId }));
  const rows = (chart.data ?? []).map((row) => ({ name: row.name ?? row.userId.slice(0, 8), count: row.count }));
  return (
    <Card>
      <CardHeader title={r.chartTitle} />
      <div className="p-5" data-testid="assignments-chart">
        {chart.isPending ? (
          <LoadingBlock label={t.common.loading} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-ink-muted">{r.chartEmpty}</p>
        ) : (
          <>
            <div className="h-56 overflow-hidden" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e7ec" />
                  <XAxis dataKey="name" tick={{ fontSize: 12 }} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                  <Tooltip />
                  <Bar dataKey="count" name={r.columns.assignments} fill="#4f46e5" radius={[4, 4, 0, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            {/* The same numbers as text, for screen readers and for anyone who prefers them. */}
            <ul className="sr-only">
              {rows.map((row) => (
                <li key={row.name}>{`${row.name}: ${row.count}`}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}
