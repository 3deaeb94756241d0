import { RateLimiterRes } from "rate-limiter-flexible";
import { limiterStoreReady, namedLimiter } from "../rate-limit/limiter-store";

/**
 * Sheets are public: each request spends from two budgets, per client
 * address (someone walking tokens, or scraping) and per token (one link
 * posted somewhere and hammered). Generous for a person (a buyer reloading,
 * an office of agents behind one address), counted in the rate-limit store.
 */
export const SHEET_BUDGETS = {
  perAddress: { name: "sheet:address", points: 60, seconds: 60 },
  perToken: { name: "sheet:token", points: 30, seconds: 60 },
} as const;

/** Seconds to wait when either budget is spent, else null (and one point of each is spent). */
export async function throttleSheet(address: string, token: string): Promise<number | null> {
  await limiterStoreReady();
  for (const [budget, key] of [
    [SHEET_BUDGETS.perAddress, address],
    [SHEET_BUDGETS.perToken, token],
  ] as const) {
    try {
      await namedLimiter(budget.name, budget.points, budget.seconds).consume(key, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
  }
  return null;
}
