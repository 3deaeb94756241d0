"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/lib/trpc/react";
import { Avatar } from "./avatar";

/** The first participants of a pool as overlapping avatars (the list answer has counts only, so the pool is read). */
export function PoolAvatars({ poolId }: { poolId: string }) {
  const trpc = useTRPC();
  const pool = useQuery(trpc.roundRobin.get.queryOptions({ roundRobinId: poolId }));
  const participants = pool.data?.participants.filter((p) => p.isActive) ?? [];
  return (
    <span className="flex -space-x-2" aria-label={participants.map((p) => p.user.name).join(", ")}>
      {participants.slice(0, 5).map((p) => (
        <span key={p.id} title={p.user.name}>
          <Avatar name={p.user.name} image={p.user.image} size={26} />
        </span>
      ))}
      {participants.length > 5 && <span className="pl-3 text-xs text-ink-muted">+{participants.length - 5}</span>}
    </span>
  );
}
