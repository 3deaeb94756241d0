import { RateLimiterRes } from "rate-limiter-flexible";
import { limiterStoreReady, namedLimiter } from "./limiter-store";

/**
 * A budget of failures (wrong passwords, wrong client secrets): only failures
 * are counted, so any number of successful attempts never locks anyone out,
 * and once a key has failed `points` times in `seconds` it is refused before
 * any work is done. Checking and counting are two steps: attempts racing
 * each other may each fail once past the budget (a few extra), never more.
 * Counted in the rate-limit store (Redis when configured).
 */
export interface FailureBudget {
  name: string;
  points: number;
  seconds: number;
}

function limiterOf(budget: FailureBudget) {
  return namedLimiter(`failures:${budget.name}`, budget.points, budget.seconds);
}

/** Seconds until `key` may try again, or null while it has failures left. Spends nothing. */
export async function failuresExhausted(budget: FailureBudget, key: string): Promise<number | null> {
  await limiterStoreReady();
  const state = await limiterOf(budget).get(key);
  if (!state || state.consumedPoints < budget.points) return null;
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

/** Counts one failure of `key`. */
export async function countFailure(budget: FailureBudget, key: string): Promise<void> {
  await limiterStoreReady();
  await limiterOf(budget)
    .consume(key, 1)
    .catch((rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
}

/** Forgets `key`'s failures (a success proves the right secret). */
export async function forgetFailures(budget: FailureBudget, key: string): Promise<void> {
  await limiterOf(budget)
    .delete(key)
    .catch(() => {});
}
