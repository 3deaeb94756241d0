import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { enforceRateLimit } from "../../server/rate-limit/enforce-rate-limit";
import { monthlyUsage, secondsUntilNextPeriod, usagePeriod } from "../../server/rate-limit/monthly-usage";
import { flushBufferedUsage } from "../../server/rate-limit/usage-buffer";
import { closeLimiterStore } from "../../server/rate-limit/limiter-store";
import { useWindowClock } from "../../server/rate-limit/window-clock";
import { createTestDatabase } from "../support/database";
import { startApiServer, type TestServer } from "../support/api-server";
import { connect, seedOrganization } from "../support/factories";

let server: TestServer;
let db: Db;
let databaseUrl: string;

/**
 * The windows' clock, held still and moved by hand: however long the requests
 * take, they land in the window the test placed them in. Starts a quarter
 * second into a minute of today (the month stays real: it is counted in
 * PostgreSQL by the calendar).
 */
const MINUTE = 60_000;
let clockAt = Math.floor(Date.now() / MINUTE) * MINUTE + 250;
const secondEnd = () => (Math.floor(clockAt / 1000) + 1) * 1000;
const minuteEnd = () => (Math.floor(clockAt / MINUTE) + 1) * MINUTE;

beforeAll(async () => {
  useWindowClock(() => new Date(clockAt));
  const database = await createTestDatabase();
  databaseUrl = database.url;
  db = connect(database.url);
  server = await startApiServer(database.url);
  const warm = await seedOrganization(db, { rateLimitExempt: true });
  await server.api("/me", { token: warm.key });
});

afterAll(async () => {
  useWindowClock(null);
  await server.close();
  await db.$disconnect();
});

const header = (response: Response, name: string) => response.headers.get(name);

async function expect429(response: Response, message: RegExp) {
  expect(response.status).toBe(429);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("BAD_REQUEST");
  expect(body.error.message).toMatch(message);
  return Number(header(response, "retry-after"));
}

describe("per-second window (3/s)", () => {
  it("allows three requests, refuses the fourth with Retry-After and the minute headers", async () => {
    const org = await seedOrganization(db);
    const ok = [];
    for (let i = 0; i < 3; i++) ok.push(await server.api("/me", { token: org.key }));
    expect(ok.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(ok.map((r) => header(r, "x-ratelimit-remaining"))).toEqual(["199", "198", "197"]);
    for (const response of ok) {
      expect(header(response, "x-ratelimit-limit")).toBe("200");
      // The minute window's end, in whole seconds.
      expect(header(response, "x-ratelimit-reset")).toBe(String(minuteEnd() / 1000));
    }
    expect(ok.map((r) => header(r, "x-ratelimit-monthly-remaining"))).toEqual(["49999", "49998", "49997"]);

    const refused = await server.api("/me", { token: org.key });
    expect(await expect429(refused, /per second/)).toBe(1);
    expect(header(refused, "x-ratelimit-limit")).toBe("200");
    expect(header(refused, "x-ratelimit-remaining")).toBe("197");
    // All four headers on a 429, whichever window refused; the refused request is not charged to the month.
    expect(header(refused, "x-ratelimit-monthly-remaining")).toBe("49997");
    // The refused request cost nothing.
    expect(await monthlyUsage(db, org.id)).toBe(3);

    // The second has not moved on, however long the requests took: still refused.
    expect((await server.api("/me", { token: org.key })).status).toBe(429);
    clockAt = secondEnd();
    expect((await server.api("/me", { token: org.key })).status).toBe(200);
  });

  it("is per organization", async () => {
    const a = await seedOrganization(db);
    const b = await seedOrganization(db);
    for (let i = 0; i < 3; i++) await server.api("/me", { token: a.key });
    expect((await server.api("/me", { token: a.key })).status).toBe(429);
    expect((await server.api("/me", { token: b.key })).status).toBe(200);
  });
});

describe("per-minute window", () => {
  it("refuses past the ceiling with Remaining 0 and Retry-After until the window resets", async () => {
    const org = await seedOrganization(db, { rateLimitPerSecond: 1000, rateLimitPerMinute: 5 });
    clockAt = minuteEnd() + 15_200;
    const remaining = [];
    for (let i = 0; i < 5; i++) {
      const response = await server.api("/me", { token: org.key });
      expect(response.status).toBe(200);
      remaining.push(header(response, "x-ratelimit-remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const refused = await server.api("/me", { token: org.key });
    const retryAfter = await expect429(refused, /per minute/);
    // 15.2 s into the minute: 44.8 s are left of it, rounded up.
    expect(retryAfter).toBe(45);
    expect(header(refused, "x-ratelimit-remaining")).toBe("0");
    expect(header(refused, "x-ratelimit-limit")).toBe("5");
    expect(header(refused, "x-ratelimit-reset")).toBe(String(minuteEnd() / 1000));
    expect(header(refused, "x-ratelimit-monthly-remaining")).toBe("49995");
    expect(await monthlyUsage(db, org.id)).toBe(5);
  });
});

describe("monthly quota", () => {
  it("refuses past the quota until next month, and the counter survives a restart", async () => {
    const org = await seedOrganization(db, { rateLimitPerSecond: 1000, rateLimitPerMonth: 3 });
    const monthly = [];
    for (let i = 0; i < 3; i++) monthly.push(header(await server.api("/me", { token: org.key }), "x-ratelimit-monthly-remaining"));
    expect(monthly).toEqual(["2", "1", "0"]);

    // The month is on the real calendar: its Retry-After lies between what was left before and after the request.
    const leftBefore = secondsUntilNextPeriod();
    const refused = await server.api("/me", { token: org.key });
    const leftAfter = secondsUntilNextPeriod();
    expect(header(refused, "x-ratelimit-limit")).toBe("200");
    expect(header(refused, "x-ratelimit-remaining")).not.toBeNull();
    expect(header(refused, "x-ratelimit-reset")).not.toBeNull();
    const retryAfter = await expect429(refused, /monthly/i);
    expect(retryAfter).toBeGreaterThanOrEqual(leftAfter);
    expect(retryAfter).toBeLessThanOrEqual(leftBefore);
    expect(header(refused, "x-ratelimit-monthly-remaining")).toBe("0");

    const row = await db.monthlyUsage.findUniqueOrThrow({
      where: { organizationId_period: { organizationId: org.id, period: usagePeriod() } },
    });
    expect(row.units).toBe(3);

    // A restart loses the in-memory windows but not the month.
    await server.close();
    await closeLimiterStore();
    server = await startApiServer(databaseUrl);
    expect(await expect429(await server.api("/me", { token: org.key }), /monthly/i)).toBeGreaterThan(0);
  });

  it("never lets concurrent requests overrun the quota", async () => {
    const org = await seedOrganization(db, { rateLimitPerSecond: 1000, rateLimitPerMinute: 1000, rateLimitPerMonth: 10 });
    const statuses = await Promise.all(Array.from({ length: 25 }, () => server.api("/me", { token: org.key }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await monthlyUsage(db, org.id)).toBe(10);
  });

  it("supports weighted charges (e.g. one unit per enrolled contact)", async () => {
    const org = await seedOrganization(db, { rateLimitPerMonth: 100 });
    const limits = { rateLimitExempt: false, rateLimitPerSecond: null, rateLimitPerMinute: null, rateLimitPerMonth: 100 };
    const headers = await enforceRateLimit(db, org.id, limits, { burst: 1, monthly: 40 });
    expect(headers["X-RateLimit-Monthly-Remaining"]).toBe("60");
    await expect(enforceRateLimit(db, org.id, limits, { burst: 1, monthly: 61 })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
    });
    expect(await monthlyUsage(db, org.id)).toBe(40);
  });
});

describe("exemptions and custom ceilings", () => {
  it("an exempt organization is not limited and gets no X-RateLimit headers", async () => {
    const org = await seedOrganization(db, { rateLimitExempt: true });
    const responses = await Promise.all(Array.from({ length: 10 }, () => server.api("/me", { token: org.key })));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const response of responses) expect(header(response, "x-ratelimit-limit")).toBeNull();
    // Usage is still counted, written in the background (at most a second later).
    await flushBufferedUsage();
    expect(await monthlyUsage(db, org.id)).toBe(10);
  });

  it("an exempt organization with a custom higher ceiling is held to it", async () => {
    const org = await seedOrganization(db, { rateLimitExempt: true, rateLimitPerMinute: 250 });
    const first = await server.api("/me", { token: org.key });
    expect(header(first, "x-ratelimit-limit")).toBe("250");
    expect(header(first, "x-ratelimit-remaining")).toBe("249");
    expect(header(first, "x-ratelimit-monthly-remaining")).toBeNull();
    // No per-second window: ten at once all pass.
    const burst = await Promise.all(Array.from({ length: 10 }, () => server.api("/me", { token: org.key })));
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200));
  });
});
