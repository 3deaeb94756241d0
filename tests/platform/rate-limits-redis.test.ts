import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { closeLimiterStore } from "../../server/rate-limit/limiter-store";
import { createTestDatabase } from "../support/database";
import { startApiServer, type TestServer } from "../support/api-server";
import { connect, seedOrganization } from "../support/factories";
import { configureForTests } from "../../server/config/config";
import { useWindowClock } from "../../server/rate-limit/window-clock";

/**
 * With REDIS_URL set, the second and minute windows live in Redis, shared by
 * every app process. Uses TEST_REDIS_URL, or the Redis these machines run on
 * 127.0.0.1:6379.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
let server: TestServer;
let db: Db;
let redis: Redis;

/** The windows' clock, held still and moved by hand (as in rate-limits.test.ts): a quarter second into a minute of today. */
const MINUTE = 60_000;
let clockAt = Math.floor(Date.now() / MINUTE) * MINUTE + 250;

beforeAll(async () => {
  useWindowClock(() => new Date(clockAt));
  configureForTests({ REDIS_URL: redisUrl });
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  await redis.ping();
  const database = await createTestDatabase();
  db = connect(database.url);
  server = await startApiServer(database.url);
  const warm = await seedOrganization(db, { rateLimitExempt: true });
  await server.api("/me", { token: warm.key });
});

afterAll(async () => {
  useWindowClock(null);
  await server.close();
  await closeLimiterStore();
  await redis.quit();
  await db.$disconnect();
});

describe("rate limits backed by Redis", () => {
  it("counts the windows in Redis and refuses the fourth request in a second", async () => {
    const org = await seedOrganization(db);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await server.api("/me", { token: org.key })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The window's number is in the key: the clock says which window counts, the TTL only collects old ones.
    const minuteKey = `inmo:rl:minute:${org.id}:${Math.floor(clockAt / MINUTE)}`;
    expect(Number(await redis.get(minuteKey))).toBe(3);
    expect(await redis.pttl(minuteKey)).toBeGreaterThan(0);
    expect(Number(await redis.get(`inmo:rl:second:${org.id}:${Math.floor(clockAt / 1000)}`))).toBe(4);

    // The next second is a new window, whether or not Redis has expired the last one.
    clockAt = (Math.floor(clockAt / 1000) + 1) * 1000;
    expect((await server.api("/me", { token: org.key })).status).toBe(200);
    expect(Number(await redis.get(minuteKey))).toBe(4);
  });

  it("a budget spent in Redis is seen by a fresh process-level limiter", async () => {
    const org = await seedOrganization(db, { rateLimitPerSecond: 1000, rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await server.api("/me", { token: org.key })).status).toBe(200);
    // Forget all this process kept (its connection, its counts in memory), as a second app process starts with nothing.
    await closeLimiterStore();
    const refused = await server.api("/me", { token: org.key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("counts in this process's memory while Redis does not answer, rather than failing requests", async () => {
    const org = await seedOrganization(db);
    // Nothing listens on port 1: every Redis command fails at once.
    configureForTests({ REDIS_URL: "redis://127.0.0.1:1" });
    await closeLimiterStore();
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await server.api("/me", { token: org.key })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await redis.keys(`inmo:rl:*:${org.id}:*`)).toEqual([]);
    } finally {
      configureForTests({ REDIS_URL: redisUrl });
      await closeLimiterStore();
    }
  });
});
