import type { DbTx } from "../db/client";
import { ApiError } from "../errors/api-error";
import type { ParticipantSettingRequest } from "./pool-requests";

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

/**
 * Sets the weights and caps named (400 BAD_REQUEST for a user who is not a
 * participant of the pool, or named twice). When anything is named, every
 * running weight goes back to zero: the weighted rotation starts afresh, so
 * its fairness holds from this change on. Answers whether it reset them
 * (`resetWhenNothingNamed` resets regardless, for a replaced rotation).
 */
export async function applyParticipantSettings(
  tx: DbTx,
  poolId: string,
  settings: ParticipantSettingRequest[] | undefined,
  onlyWhenNamed: boolean,
): Promise<boolean> {
  const named = settings ?? [];
  const repeated = named.map((s) => s.userId).filter((id, index, all) => all.indexOf(id) !== index);
  if (repeated.length > 0) throw new ApiError("BAD_REQUEST", "roundRobin.duplicateParticipants", { ids: [...new Set(repeated)].join(", ") });
  for (const setting of named) {
    const { count } = await tx.roundRobinParticipant.updateMany({
      where: { roundRobinId: poolId, userId: setting.userId },
      data: { ...(setting.weight !== undefined ? { weight: setting.weight } : {}), ...(setting.dailyCap !== undefined ? { dailyCap: setting.dailyCap } : {}) },
    });
    if (count === 0) throw new ApiError("BAD_REQUEST", "roundRobin.notParticipants", { field: "participantSettings", ids: setting.userId });
  }
  if (named.length === 0 && onlyWhenNamed) return false;
  await tx.roundRobinParticipant.updateMany({ where: { roundRobinId: poolId }, data: { currentWeight: 0 } });
  return true;
}

/** Participant rows in rotation order: the array order, orders 1..n. */
export function participantRows(organizationId: string, poolId: string, participantIds: string[]) {
  return participantIds.map((userId, index) => ({ organizationId, roundRobinId: poolId, userId, order: index + 1 }));
}
