"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { describeMatch } from "./describe-match";

/** Lead page: how the lead was routed (pool, turn, matched connection); hidden for leads no pool assigned. */
export function LeadRoutingCard({ leadId }: { leadId: string }) {
  const { t, dates } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const routing = useQuery(trpc.roundRobin.leadRouting.queryOptions({ leadId }));
  if (!routing.data) return null;
  const data = routing.data;
  return (
    <Card className="h-fit">
      <CardHeader title={r.leadCard} />
      <div className="flex flex-col gap-1 p-5 text-sm" data-testid="lead-routing">
        <p>
          <Link href={`/routing/${data.roundRobinId}`} className="font-medium hover:text-accent">
            {r.leadRoutedBy(data.poolName, data.turnOrder)}
          </Link>
        </p>
        <p className="text-ink-muted">{r.leadMatched(describeMatch(data.metadata, r))}</p>
        <p className="text-xs text-ink-subtle">{formatDateTime(data.createdAt, dates)}</p>
      </div>
    </Card>
  );
}
