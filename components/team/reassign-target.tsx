"use client";

import { useQuery } from "@tanstack/react-query";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";

/**
 * Where a leaving member's leads can go: one member, or a round-robin pool
 * (one turn per lead, so they are spread over its participants). The choice
 * lives in one <select> as `member:<userId>` or `pool:<poolId>`.
 */
export type ReassignTarget = { toUserId: string } | { toPoolId: string };

export function targetOf(choice: string): ReassignTarget | null {
  const [kind, id] = choice.split(":", 2);
  if (!id) return null;
  if (kind === "member") return { toUserId: id };
  if (kind === "pool") return { toPoolId: id };
  return null;
}

/** The organization's active pools (a pool that is paused cannot take turns). */
export function useReassignPools() {
  const trpc = useTRPC();
  const pools = useQuery(trpc.roundRobin.list.queryOptions({ limit: 100, offset: 0, status: "active" }));
  return pools.data?.data.map((pool) => ({ id: pool.id, name: pool.name, participantCount: pool.participantCount })) ?? [];
}

/** The <option>s of the choice: members first, then pools (pools with no active participant shown but disabled). */
export function ReassignTargetOptions({
  members,
  pools,
}: {
  members: { userId: string; name: string }[];
  pools: { id: string; name: string; participantCount: number }[];
}) {
  const { t } = useI18n();
  return (
    <>
      {members.length > 0 && (
        <optgroup label={t.teamPool.membersGroup}>
          {members.map((member) => (
            <option key={member.userId} value={`member:${member.userId}`}>
              {member.name}
            </option>
          ))}
        </optgroup>
      )}
      {pools.length > 0 && (
        <optgroup label={t.teamPool.poolsGroup}>
          {pools.map((pool) => (
            <option key={pool.id} value={`pool:${pool.id}`} disabled={pool.participantCount === 0}>
              {t.teamPool.poolOption(pool.name, pool.participantCount)}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}
