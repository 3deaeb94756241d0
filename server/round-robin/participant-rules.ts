import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";

/** 400 BAD_REQUEST for repeated participants, or participants / a follower who are not members of the organization. */
export async function assertParticipantsAndFollower(
  tx: DbTx,
  organizationId: string,
  participantIds: string[] | undefined,
  followerUserId: string | null | undefined,
): Promise<void> {
  if (participantIds) {
    const repeated = participantIds.filter((id, index) => participantIds.indexOf(id) !== index);
    if (repeated.length > 0) throw new ApiError("BAD_REQUEST", "roundRobin.duplicateParticipants", { ids: [...new Set(repeated)].join(", ") });
  }
  const wanted = [...new Set([...(participantIds ?? []), ...(followerUserId ? [followerUserId] : [])])];
  if (wanted.length === 0) return;
  const members = await tx.membership.findMany({ where: { organizationId, userId: { in: wanted } }, select: { userId: true } });
  const known = new Set(members.map((m) => m.userId));
  const strangers = (participantIds ?? []).filter((id) => !known.has(id));
  if (strangers.length > 0) throw new ApiError("BAD_REQUEST", "roundRobin.notMembers", { field: "participantIds", ids: strangers.join(", ") });
  if (followerUserId && !known.has(followerUserId)) {
    throw new ApiError("BAD_REQUEST", "roundRobin.notMembers", { field: "followerUserId", ids: followerUserId });
  }
}

/** Participant rows in rotation order: the array order, orders 1..n. */
export function participantRows(organizationId: string, poolId: string, participantIds: string[]) {
  return participantIds.map((userId, index) => ({ organizationId, roundRobinId: poolId, userId, order: index + 1 }));
}
