/**
 * The retry schedule of the contract: attempt 1 immediately, then 1 min,
 * 5 min, 30 min, 2 h and 12 h after the previous failure. Six attempts in
 * all (the enumerated schedule; "after five failed attempts" reads as five
 * failed retries, see docs/decisions.md). After the sixth failure the
 * delivery is `failed` and never retried automatically.
 */
export const RETRY_DELAYS_MS = [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;

/** Wait between the failure of attempt `n - 1` and attempt `n` (1-based). */
export function delayBeforeAttempt(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  return RETRY_DELAYS_MS[attempt - 1] ?? 0;
}

/**
 * Whether a failure of attempt `n` ends the delivery. Attempts beyond the
 * schedule only happen after a manual resend, which grants one attempt.
 */
export function isFinalAttempt(attempt: number): boolean {
  return attempt >= MAX_ATTEMPTS;
}

/** When attempt `attempt + 1` is due after attempt `attempt` failed at `failedAt`; null when there is none. */
export function nextAttemptAfterFailure(attempt: number, failedAt: Date): Date | null {
  if (isFinalAttempt(attempt)) return null;
  return new Date(failedAt.getTime() + delayBeforeAttempt(attempt + 1));
}
