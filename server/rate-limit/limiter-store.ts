import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "../config/config";

/**
 * Where the limiters count: in process memory by default, in Redis when
 * REDIS_URL is set (so several app processes share one budget). The API's
 * second and minute windows (`fixed-windows.ts`) and the other budgets
 * (sign-ins, mail, the OAuth token endpoint; rate-limiter-flexible, below)
 * share the one connection. A Redis outage falls back to counting in memory
 * rather than failing requests.
 */
const globalForLimiters = globalThis as unknown as {
  inmoLimiters?: Map<string, RateLimiterAbstract>;
  inmoRedis?: Redis | null;
  inmoRedisReady?: Promise<void>;
  inmoStoreClosers?: Set<() => void>;
};

const READY_TIMEOUT_MS = 1_000;

/** The shared Redis connection, or null when REDIS_URL is not set. */
export function limiterRedis(): Redis | null {
  if (globalForLimiters.inmoRedis !== undefined) return globalForLimiters.inmoRedis;
  const url = config().REDIS_URL;
  globalForLimiters.inmoRedis = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  globalForLimiters.inmoRedis?.on("error", () => {
    // Connection errors surface as in-memory fallbacks; nothing to log per request.
  });
  return globalForLimiters.inmoRedis;
}

/**
 * Resolves once the Redis connection is up (or after a short bound, when it is
 * not), so the first requests after boot count in the shared store rather than
 * in the per-process fallback. Memoised: free after the first call.
 */
export function limiterStoreReady(): Promise<void> {
  const redis = limiterRedis();
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

/** Registers what else keeps counts in this process, to be forgotten with the store (`closeLimiterStore`). */
export function onLimiterStoreClosed(forget: () => void): void {
  (globalForLimiters.inmoStoreClosers ??= new Set()).add(forget);
}

/**
 * A limiter for a budget other than the API's windows (sign-in attempts,
 * sign-ups, mail), in the same store: Redis when configured, with the
 * in-memory fallback.
 */
export function namedLimiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract {
  const limiters = (globalForLimiters.inmoLimiters ??= new Map());
  const id = `named:${name}:${points}:${durationSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const options = { points, duration: durationSeconds, keyPrefix: `inmo:rl:${name}` };
    const memory = new RateLimiterMemory(options);
    const redis = limiterRedis();
    limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory;
    limiters.set(id, limiter);
  }
  return limiter;
}

/** For tests and shutdown: closes the connection and forgets every count this process kept. */
export async function closeLimiterStore(): Promise<void> {
  const redis = globalForLimiters.inmoRedis;
  globalForLimiters.inmoRedis = undefined;
  globalForLimiters.inmoRedisReady = undefined;
  globalForLimiters.inmoLimiters = undefined;
  for (const forget of globalForLimiters.inmoStoreClosers ?? []) forget();
  if (redis) await redis.quit().catch(() => {});
}
