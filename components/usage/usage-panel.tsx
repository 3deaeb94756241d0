"use client";

import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate } from "~/lib/format/dates";
import { formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { CHART_COLORS, ChartCard, DataTable } from "../home/chart-card";
import { Card, CardHeader } from "../ui/card";
import { LoadingBlock } from "../ui/spinner";

/**
 * Settings → Usage: what the limiter counts now, the last 30 days per
 * credential, the month's units. On a member's profile (`title`), the same
 * panel under its own heading: the server lists only the apps they connected.
 */
export function UsagePanel({ title = false }: { title?: boolean }) {
  const { t, locale, dates } = useI18n();
  const u = t.usage;
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.usage.get.queryOptions(), refetchInterval: 10_000 });
  const data = query.data;
  if (query.isPending || !data) return <LoadingBlock label={t.common.loading} />;

  const of = (used: number | null, limit: number | null) =>
    limit === null ? u.unlimited : u.of.replace("{used}", formatNumber(used ?? 0, locale)).replace("{limit}", formatNumber(limit, locale));
  const credentialLabel = (d: (typeof data.daily)[number]) =>
    d.credentialName ?? (d.credentialKind === "oauth" ? u.connectedApp : d.credentialKind === "api_key" ? u.apiKey : "—");
  const credentials = new Map<string, string>();
  for (const d of data.daily) credentials.set(`${d.credentialKind}:${d.credentialId ?? ""}`, credentialLabel(d));
  const days = new Map<string, Record<string, number | string>>();
  for (const d of data.daily) {
    const row = days.get(d.date) ?? { date: d.date.slice(5) };
    row[`${d.credentialKind}:${d.credentialId ?? ""}`] = d.requests;
    days.set(d.date, row);
  }

  return (
    <div className="space-y-4" data-testid="usage-panel">
      {title && <h2 className="text-base font-semibold text-ink">{u.profileTitle}</h2>}
      {data.visibility === "own" && <p className="text-sm text-ink-muted" data-testid="usage-own-only">{u.ownOnly}</p>}
      <Card>
        <CardHeader title={u.current} />
        <dl className="grid gap-4 p-4 sm:grid-cols-4 sm:p-5" data-testid="usage-current">
          {[
            [u.perSecond, of(data.current.second.used, data.current.second.limit)],
            [u.perMinute, of(data.current.minute.used, data.current.minute.limit)],
            [u.perMonth, of(data.current.month.used, data.current.month.limit)],
            [u.left, data.current.month.remaining === null ? u.unlimited : formatNumber(data.current.month.remaining, locale)],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-[13px] text-ink-muted">{label}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="px-4 pb-4 text-[13px] text-ink-muted sm:px-5">{u.resetsAt.replace("{date}", formatDate(data.current.month.resetsAt, dates))}</p>
      </Card>
      <ChartCard
        title={u.dailyTitle}
        hint={u.daysIn.replace("{zone}", data.timeZone)}
        testId="usage-daily"
        loading={false}
        empty={data.daily.length === 0}
        chart={
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={[...days.values()]} margin={{ top: 4, right: 8, bottom: 4, left: -8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e7ec" />
              <XAxis dataKey="date" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {[...credentials.entries()].map(([key, name], i) => (
                <Bar key={key} dataKey={key} name={name} stackId="credential" fill={CHART_COLORS[i % CHART_COLORS.length]} isAnimationActive={false} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <DataTable
            caption={u.dailyTitle}
            head={[u.day, u.credential, u.requests]}
            rows={data.daily.map((d) => [d.date, credentialLabel(d), formatNumber(d.requests, locale)])}
          />
        }
      />
      <Card>
        <CardHeader title={u.unitsTitle} />
        <div className="p-4 sm:p-5" data-testid="usage-units">
          <DataTable
            caption={u.unitsTitle}
            head={["", u.units]}
            rows={[
              [u.unitsRequests, formatNumber(data.monthlyUnits.request, locale)],
              [u.unitsMessages, formatNumber(data.monthlyUnits.message, locale)],
              [u.unitsSequences, formatNumber(data.monthlyUnits.sequence_launch, locale)],
              [u.perMonth, of(data.current.month.used, data.current.month.limit)],
            ]}
          />
        </div>
      </Card>
    </div>
  );
}
