"use client";

import { useQuery } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import { PoolForm } from "./pool-form";

export function EditPool({ poolId }: { poolId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const pool = useQuery(trpc.roundRobin.get.queryOptions({ roundRobinId: poolId }));
  if (pool.isPending) return <LoadingBlock label={t.common.loading} />;
  if (pool.isError) return <Card><EmptyState title={t.common.notFound} /></Card>;
  return <PoolForm pool={pool.data} />;
}
