import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "../config/config";

/**
 * Second and minute windows, from rate-limiter-flexible: in process memory by
 * default, in Redis when REDIS_URL is set (so several app processes share one
 * budget). A Redis outage falls back to the in-memory limiter rather than
 * failing requests.
 */
export type WindowName = "second" | "minute";
const DURATION_SECONDS: Record<WindowName, number> = { second: 1, minute: 60 };

const globalForLimiters = globalThis as unknown as {
  inmoLimiters?: Map<string, RateLimiterAbstract>;
  inmoRedis?: Redis | null;
  inmoRedisReady?: Promise<void>;
};

const READY_TIMEOUT_MS = 1_000;

function redisClient(): Redis | null {
  if (globalForLimiters.inmoRedis !== undefined) return globalForLimiters.inmoRedis;
  const url = config().REDIS_URL;
  globalForLimiters.inmoRedis = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  globalForLimiters.inmoRedis?.on("error", () => {
    // Connection errors surface as insurance-limiter fallbacks; nothing to log per request.
  });
  return globalForLimiters.inmoRedis;
}

/**
 * Resolves once the Redis connection is up (or after a short bound, when it is
 * not), so the first requests after boot count in the shared store rather than
 * in the per-process fallback. Memoised: free after the first call.
 */
export function limiterStoreReady(): Promise<void> {
  const redis = redisClient();
  if (!redis) return Promise.resolve();
  globalForLimiters.inmoRedisReady ??= new Promise<void>((resolve) => {
    if (redis.status === "ready") return resolve();
    const timer = setTimeout(resolve, READY_TIMEOUT_MS);
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return globalForLimiters.inmoRedisReady;
}

/** One limiter per (window, ceiling): custom ceilings get their own instance. */
export function windowLimiter(window: WindowName, points: number): RateLimiterAbstract {
  const limiters = (globalForLimiters.inmoLimiters ??= new Map());
  const id = `${window}:${points}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const options = { points, duration: DURATION_SECONDS[window], keyPrefix: `inmo:rl:${window}:${points}` };
    const memory = new RateLimiterMemory(options);
    const redis = redisClient();
    limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory;
    limiters.set(id, limiter);
  }
  return limiter;
}

/**
 * A limiter for some other budget (sign-in attempts, sign-ups), in the same
 * store as the windows: Redis when configured, with the in-memory fallback.
 */
export function namedLimiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract {
  const limiters = (globalForLimiters.inmoLimiters ??= new Map());
  const id = `named:${name}:${points}:${durationSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const options = { points, duration: durationSeconds, keyPrefix: `inmo:rl:${name}` };
    const memory = new RateLimiterMemory(options);
    const redis = redisClient();
    limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory;
    limiters.set(id, limiter);
  }
  return limiter;
}

/** For tests and shutdown. */
export async function closeLimiterStore(): Promise<void> {
  const redis = globalForLimiters.inmoRedis;
  globalForLimiters.inmoRedis = undefined;
  globalForLimiters.inmoRedisReady = undefined;
  globalForLimiters.inmoLimiters = undefined;
  if (redis) await redis.quit().catch(() => {});
}
