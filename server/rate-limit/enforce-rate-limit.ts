import type { PrismaClient } from "../db/generated/client";
import { ApiError } from "../errors/api-error";
import { effectiveCeilings, type OrganizationRateLimits } from "./ceilings";
import { chargeWindow, readWindow, refundWindow, windowSlot } from "./fixed-windows";
import { limiterStoreReady } from "./limiter-store";
import { chargeMonthlyUsage, monthlyUsage, secondsUntilNextPeriod } from "./monthly-usage";
import { countUnlimitedUsage } from "./usage-buffer";
import { windowClock } from "./window-clock";
import { metrics } from "../observability/metrics";

export interface RateLimitCost {
  /** Units charged to the per-second and per-minute windows. */
  burst: number;
  /** Units charged to the monthly quota now (0 when the operation charges later, by weight). */
  monthly: number;
}

export type RateLimitHeaders = Record<string, string>;

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
  // One instant for the whole request: both windows are placed by the same reading of the clock.
  const now = windowClock()().getTime();
  const second = windowSlot("second", organizationId, now);
  const minute = windowSlot("minute", organizationId, now);
  const headers: RateLimitHeaders = {};
  const refunds: (() => Promise<unknown>)[] = [];
  const refund = () => Promise.all(refunds.map((r) => r().catch(() => {})));

  /** The minute's headers from what it has used (read, not charged, when `used` is not given). */
  const minuteHeaders = async (used?: number) => {
    if (ceilings.minute === null) return;
    const count = used ?? (await readWindow(minute));
    headers["X-RateLimit-Limit"] = String(ceilings.minute);
    headers["X-RateLimit-Remaining"] = String(Math.max(0, ceilings.minute - count));
    headers["X-RateLimit-Reset"] = String(Math.ceil(minute.endsAt / 1000));
  };
  /** On a refusal before the month was charged: what is left of it, read (not charged). */
  const monthlyHeader = async () => {
    if (ceilings.month === null) return;
    headers["X-RateLimit-Monthly-Remaining"] = String(Math.max(0, ceilings.month - (await monthlyUsage(db, organizationId))));
  };

  // A refused charge stays in the window that refused it (that window is spent anyway); the windows
  // charged before it are refunded.
  if (ceilings.second !== null && cost.burst > 0) {
    if ((await chargeWindow(second, cost.burst)) > ceilings.second) {
      await minuteHeaders();
      await monthlyHeader();
      const retryAfter = seconds(second.endsAt - now);
      metrics().rateLimitRefusals.inc({ window: "second" });
      throw new ApiError("RATE_LIMITED", "rateLimit.second", { limit: ceilings.second, retryAfter }, {
        ...headers,
        "Retry-After": String(retryAfter),
      });
    }
    refunds.push(() => refundWindow(second, cost.burst));
  }

  if (ceilings.minute !== null && cost.burst > 0) {
    const used = await chargeWindow(minute, cost.burst);
    await minuteHeaders(used);
    if (used > ceilings.minute) {
      await refund();
      headers["X-RateLimit-Remaining"] = "0";
      await monthlyHeader();
      const retryAfter = seconds(minute.endsAt - now);
      metrics().rateLimitRefusals.inc({ window: "minute" });
      throw new ApiError("RATE_LIMITED", "rateLimit.minute", { limit: ceilings.minute, retryAfter }, {
        ...headers,
        "Retry-After": String(retryAfter),
      });
    }
    refunds.push(() => refundWindow(minute, cost.burst));
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
