/**
 * The rotation rule as a pure function: a smooth weighted round robin (the
 * nginx upstream algorithm). Each turn every eligible participant's running
 * weight grows by its weight; the highest is chosen and loses the total of
 * the eligible weights. Over any run of turns each participant's share stays
 * within one lead of its weighted target (tests/round-robin/fairness.test.ts).
 * Ties go to the first tied participant at or after the pointer (wrapping),
 * so with equal weights the rotation is the plain one of research §4.2: in
 * order, wrapping. The pointer the turn leaves is the participant the next
 * turn would choose with the same people available, so `nextParticipantOrder`
 * keeps naming who is next. Someone not eligible gains nothing while away
 * (no catch-up). No eligible participant: nobody is chosen, nothing moves.
 */
export interface RotationCandidate {
  userId: string;
  order: number;
  /** Not paused. */
  isActive: boolean;
  /** Still a member of the organization. */
  isMember: boolean;
  /** 1..10; absent: 1. */
  weight?: number;
  /** The running weight persisted on the participant; absent: 0. */
  currentWeight?: number;
  /** Why the member is unavailable at the turn's time, if they are (server/round-robin/participant-availability.ts). */
  unavailable?: UnavailableReason | null;
}

export type UnavailableReason = "outside_working_hours" | "out_of_office" | "at_daily_cap";
export type SkipReason = "paused" | "not_a_member" | UnavailableReason;

export interface RotationPick {
  chosen: RotationCandidate;
  nextPointer: number;
  /** Participants passed over on the way to the chosen one, and why. */
  skipped: { userId: string; order: number; reason: SkipReason }[];
  /** Every participant's running weight after the turn, by user id. */
  currentWeights: Map<string, number>;
}

export function skipReasonOf(candidate: RotationCandidate): SkipReason | null {
  if (!candidate.isMember) return "not_a_member";
  if (!candidate.isActive) return "paused";
  return candidate.unavailable ?? null;
}

export function isEligible(candidate: RotationCandidate): boolean {
  return skipReasonOf(candidate) === null;
}

const weightOf = (c: RotationCandidate) => c.weight ?? 1;

/** The participant the weighted rule chooses among `eligible` with running weights `current` (already grown). */
function highest(eligible: readonly RotationCandidate[], current: Map<string, number>, pointer: number, strictlyAfter: boolean): RotationCandidate {
  const top = Math.max(...eligible.map((c) => current.get(c.userId)!));
  const tied = eligible.filter((c) => current.get(c.userId) === top);
  return tied.find((c) => (strictlyAfter ? c.order > pointer : c.order >= pointer)) ?? tied[0]!;
}

export function pickParticipant(candidates: readonly RotationCandidate[], pointer: number): RotationPick | null {
  const sorted = [...candidates].sort((a, b) => a.order - b.order);
  const eligible = sorted.filter(isEligible);
  if (eligible.length === 0) return null;
  const total = eligible.reduce((sum, c) => sum + weightOf(c), 0);
  const current = new Map(sorted.map((c) => [c.userId, c.currentWeight ?? 0]));
  for (const c of eligible) current.set(c.userId, current.get(c.userId)! + weightOf(c));
  const chosen = highest(eligible, current, pointer, false);
  current.set(chosen.userId, current.get(chosen.userId)! - total);

  // Who the next turn would choose with the same people: the pointer the contract shows.
  const lookahead = new Map(current);
  for (const c of eligible) lookahead.set(c.userId, lookahead.get(c.userId)! + weightOf(c));
  const after = highest(eligible, lookahead, chosen.order, true);

  // Passed over: the paused and departed between the pointer and the chosen one, and everyone unavailable now (hours, office, cap).
  const skipped = sorted
    .filter((c) => !isEligible(c) && (c.isActive && c.isMember ? true : passedOver(c.order, pointer, chosen.order)))
    .map((c) => ({ userId: c.userId, order: c.order, reason: skipReasonOf(c)! }));
  return { chosen, nextPointer: after.order, skipped, currentWeights: current };
}

/** Whether `order` lies on the way from the pointer to the chosen order (wrapping). */
function passedOver(order: number, pointer: number, chosen: number): boolean {
  if (chosen >= pointer) return order >= pointer && order < chosen;
  return order >= pointer || order < chosen;
}
