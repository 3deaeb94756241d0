import { RateLimiterRes } from "rate-limiter-flexible";
import { limiterStoreReady, namedLimiter } from "../rate-limit/limiter-store";
import { oauthJson } from "./oauth-error";

/** Token endpoint budget per authenticated client (a public client: per client and address): generous for a platform's workers. */
export const TOKEN_ENDPOINT_BUDGET = { points: 300, seconds: 60 };

/** Throttling answers 429 with Retry-After, which platforms treat as temporary (never a dead connection). */
export async function throttleTokenEndpoint(key: string): Promise<void> {
  await limiterStoreReady();
  try {
    await namedLimiter("oauth-token", TOKEN_ENDPOINT_BUDGET.points, TOKEN_ENDPOINT_BUDGET.seconds).consume(key, 1);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    throw new TooManyTokenRequests(retryAfter);
  }
}

export class TooManyTokenRequests extends Error {
  constructor(readonly retryAfter: string) {
    super("too many token requests");
  }
}

export function throttledResponse(error: unknown): Response | null {
  if (!(error instanceof TooManyTokenRequests)) return null;
  return oauthJson({ error: "temporarily_unavailable", error_description: "Too many requests; retry later." }, 429, { "Retry-After": error.retryAfter });
}
