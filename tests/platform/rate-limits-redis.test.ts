import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { closeLimiterStore } from "../../server/rate-limit/window-limiters";
import { createTestDatabase } from "../support/database";
import { startApiServer, type TestServer } from "../support/api-server";
import { connect, seedOrganization } from "../support/factories";
import { configureForTests } from "../../server/config/config";

/**
 * With REDIS_URL set, the second and minute windows live in Redis, shared by
 * every app process. Uses TEST_REDIS_URL, or the Redis these machines run on
 * 127.0.0.1:6379.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
let server: TestServer;
let db: Db;
let redis: Redis;

beforeAll(async () => {
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
    const minuteKey = `inmo:rl:minute:200:${org.id}`;
    expect(Number(await redis.get(minuteKey))).toBe(3);
    expect(await redis.pttl(minuteKey)).toBeGreaterThan(50_000);
  });

  it("a budget spent in Redis is seen by a fresh process-level limiter", async () => {
    const org = await seedOrganization(db, { rateLimitPerSecond: 1000, rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await server.api("/me", { token: org.key })).status).toBe(200);
    // Drop this process's limiter objects, as a second app process would start with none.
    await closeLimiterStore();
    const refused = await server.api("/me", { token: org.key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
  });
});
