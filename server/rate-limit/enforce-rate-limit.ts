import { RateLimiterRes } from "rate-limiter-flexible";
import type { PrismaClient } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import { effectiveCeilings, type OrganizationRateLimits } from "./ceilings";
import { chargeMonthlyUsage, monthlyUsage, secondsUntilNextPeriod } from "./monthly-usage";
import { countUnlimitedUsage } from "./usage-buffer";
import { limiterStoreReady, windowLimiter, type WindowName } from "./window-limiters";
import { metrics } from "../observability/metrics";

export interface RateLimitCost {
  /** Units charged to the per-second and per-minute windows. */
  burst: number;
  /** Units charged to the monthly quota now (0 when the operation charges later, by weight). */
  monthly: number;
}

export type RateLimitHeaders = Record<string, string>;

async function consume(window: WindowName, points: number, key: string, cost: number) {
  try {
    return { ok: true as const, res: await windowLimiter(window, points).consume(key, cost) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { ok: false as const, res: rejection };
    throw rejection;
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Applies the three windows of the spec at once, per organization: per second
 * (burst), per minute, per month. The first window exceeded answers 429 with
 * Retry-After for that window; the windows already charged for the refused
 * request are refunded, so a rejected request costs nothing. A 429 carries
 * the same X-RateLimit-* headers as a success, whichever window refused.
 * An organization with no ceiling at all (exempt, no custom ceilings) does no
 * limiter work: its usage is only counted, off the request's path.
 * Returns the X-RateLimit-* headers for the response.
 */
export async function enforceRateLimit(
  db: PrismaClient,
  organizationId: string,
  limits: OrganizationRateLimits,
  cost: RateLimitCost = { burst: 1, monthly: 1 },
): Promise<RateLimitHeaders> {
  const ceilings = effectiveCeilings(limits);
  if (ceilings.second === null && ceilings.minute === null && ceilings.month === null) {
    countUnlimitedUsage(db, organizationId, cost.monthly);
    return {};
  }
  await limiterStoreReady();
  const headers: RateLimitHeaders = {};
  const refunds: (() => Promise<unknown>)[] = [];
  const refund = () => Promise.all(refunds.map((r) => r().catch(() => {})));
  const key = organizationId;

  const minuteHeaders = async (res?: RateLimiterRes) => {
    if (ceilings.minute === null) return;
    const state = res ?? (await windowLimiter("minute", ceilings.minute).get(key));
    const remaining = state ? Math.max(0, state.remainingPoints) : ceilings.minute;
    const resetMs = state ? state.msBeforeNext : 60_000;
    headers["X-RateLimit-Limit"] = String(ceilings.minute);
    headers["X-RateLimit-Remaining"] = String(remaining);
    headers["X-RateLimit-Reset"] = String(Math.ceil((Date.now() + resetMs) / 1000));
  };
  /** On a refusal before the month was charged: what is left of it, read (not charged). */
  const monthlyHeader = async () => {
    if (ceilings.month === null) return;
    headers["X-RateLimit-Monthly-Remaining"] = String(Math.max(0, ceilings.month - (await monthlyUsage(db, organizationId))));
  };

  if (ceilings.second !== null && cost.burst > 0) {
    const second = await consume("second", ceilings.second, key, cost.burst);
    if (!second.ok) {
      await minuteHeaders();
      await monthlyHeader();
      const retryAfter = seconds(second.res.msBeforeNext);
      metrics().rateLimitRefusals.inc({ window: "second" });
      throw new ApiError("RATE_LIMITED", "rateLimit.second", { limit: ceilings.second, retryAfter }, {
        ...headers,
        "Retry-After": String(retryAfter),
      });
    }
    refunds.push(() => windowLimiter("second", ceilings.second!).reward(key, cost.burst));
  }

  if (ceilings.minute !== null && cost.burst > 0) {
    const minute = await consume("minute", ceilings.minute, key, cost.burst);
    await minuteHeaders(minute.res);
    if (!minute.ok) {
      await refund();
      headers["X-RateLimit-Remaining"] = "0";
      await monthlyHeader();
      const retryAfter = seconds(minute.res.msBeforeNext);
      metrics().rateLimitRefusals.inc({ window: "minute" });
      throw new ApiError("RATE_LIMITED", "rateLimit.minute", { limit: ceilings.minute, retryAfter }, {
        ...headers,
        "Retry-After": String(retryAfter),
      });
    }
    refunds.push(() => windowLimiter("minute", ceilings.minute!).reward(key, cost.burst));
  } else {
    await minuteHeaders();
  }

  const month = await chargeMonthlyUsage(db, organizationId, cost.monthly, ceilings.month);
  if (ceilings.month !== null) {
    headers["X-RateLimit-Monthly-Remaining"] = String(Math.max(0, ceilings.month - month.used));
  }
  if (!month.allowed) {
    await refund();
    if (headers["X-RateLimit-Remaining"] !== undefined) {
      headers["X-RateLimit-Remaining"] = String(Number(headers["X-RateLimit-Remaining"]) + cost.burst);
    }
    const retryAfter = secondsUntilNextPeriod();
    metrics().rateLimitRefusals.inc({ window: "month" });
    throw new ApiError("RATE_LIMITED", "rateLimit.month", { limit: ceilings.month ?? 0 }, {
      ...headers,
      "Retry-After": String(retryAfter),
    });
  }
  return headers;
}
