"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import type { HomePeriod } from "~/server/home/home-period-names";
import { CHART_COLORS, ChartCard, DataTable, leadListHref } from "./chart-card";

/** Leads created in the period per current assignee; each member links to their leads. */
export function LeadsPerMemberChart({ period }: { period: HomePeriod }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.home.leadsPerMember.queryOptions({ period }));
  const rows = (query.data ?? []).map((r) => ({ ...r, label: r.name ?? (r.userId ? r.userId.slice(0, 8) : t.home.unassigned) }));
  const href = (userId: string | null) => leadListHref({ assignee: userId ?? "none" });
  return (
    <ChartCard
      title={t.home.perMemberTitle}
      testId="home-per-member"
      loading={query.isPending}
      empty={rows.length === 0}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e7ec" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="count" name={t.home.columns.leads} fill="#4f46e5" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t.home.perMemberTitle}
          head={[t.home.columns.member, t.home.columns.leads]}
          rows={rows.map((r) => [
            <Link key={r.userId ?? "none"} className="text-accent hover:underline" href={href(r.userId)}>
              {r.label}
            </Link>,
            formatNumber(r.count, locale),
          ])}
        />
      }
      footer={
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {rows.map((r) => (
            <li key={r.userId ?? "none"}>
              <Link className="text-accent hover:underline" href={href(r.userId)}>
                {`${r.label} (${formatNumber(r.count, locale)})`}
              </Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** Round-robin assignments in the period: one stacked bar per pool, split by member. */
export function AssignmentsByPoolChart({ period }: { period: HomePeriod }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.home.assignmentsByPool.queryOptions({ period }));
  const pools = query.data ?? [];
  const members = new Map<string, string>();
  for (const pool of pools) for (const m of pool.members) members.set(m.userId, m.name ?? m.userId.slice(0, 8));
  const rows = pools.map((p) => ({ name: p.name, ...Object.fromEntries(p.members.map((m) => [m.userId, m.count])) }));
  return (
    <ChartCard
      title={t.home.poolsTitle}
      testId="home-pools"
      loading={query.isPending}
      empty={pools.length === 0}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e7ec" />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {[...members.entries()].map(([userId, name], i) => (
              <Bar key={userId} dataKey={userId} name={name} stackId="pool" fill={CHART_COLORS[i % CHART_COLORS.length]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t.home.poolsTitle}
          head={[t.home.columns.pool, t.home.columns.member, t.home.columns.assignments]}
          rows={pools.flatMap((p) =>
            p.members.map((m) => [
              <Link key={`${p.poolId}-${m.userId}`} className="text-accent hover:underline" href={`/routing/${p.poolId}`}>
                {p.name}
              </Link>,
              <Link key={m.userId} className="text-accent hover:underline" href={leadListHref({ assignee: m.userId })}>
                {m.name ?? m.userId.slice(0, 8)}
              </Link>,
              formatNumber(m.count, locale),
            ]),
          )}
        />
      }
    />
  );
}
