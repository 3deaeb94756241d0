/**
 * The rotation rule as a pure function (research §4.2): participants sorted by
 * `order`; the chosen one is the first eligible participant whose order is at
 * or after the pointer, wrapping to the first eligible one; the next pointer
 * is the first eligible order after the chosen one, wrapping. A skipped
 * participant waits a full cycle once eligible again (strict rotation, no
 * catch-up). No eligible participant: nobody is chosen and the pointer stays.
 */
export interface RotationCandidate {
  userId: string;
  order: number;
  /** Not paused. */
  isActive: boolean;
  /** Still a member of the organization. */
  isMember: boolean;
}

export interface RotationPick {
  chosen: RotationCandidate;
  nextPointer: number;
  /** Participants passed over on the way to the chosen one, and why. */
  skipped: { userId: string; order: number; reason: "paused" | "not_a_member" }[];
}

export function isEligible(candidate: RotationCandidate): boolean {
  return candidate.isActive && candidate.isMember;
}

export function pickParticipant(candidates: readonly RotationCandidate[], pointer: number): RotationPick | null {
  const sorted = [...candidates].sort((a, b) => a.order - b.order);
  const eligible = sorted.filter(isEligible);
  if (eligible.length === 0) return null;
  const chosen = eligible.find((c) => c.order >= pointer) ?? eligible[0]!;
  const after = eligible.find((c) => c.order > chosen.order) ?? eligible[0]!;
  const skipped = sorted
    .filter((c) => !isEligible(c) && passedOver(c.order, pointer, chosen.order))
    .map((c) => ({ userId: c.userId, order: c.order, reason: c.isMember ? ("paused" as const) : ("not_a_member" as const) }));
  return { chosen, nextPointer: after.order, skipped };
}

/** Whether `order` lies on the way from the pointer to the chosen order (wrapping). */
function passedOver(order: number, pointer: number, chosen: number): boolean {
  if (chosen >= pointer) return order >= pointer && order < chosen;
  return order >= pointer || order < chosen;
}
