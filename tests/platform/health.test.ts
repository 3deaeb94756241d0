import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startApiServer, type TestServer } from "../support/api-server";
import { connect, seedOrganization, type SeededOrganization } from "../support/factories";
import { useWindowClock } from "../../server/rate-limit/window-clock";
import { useDatabaseCheckDeadline } from "../../server/system/check-database";

let database: TestDatabase;
let server: TestServer;
let db: Db;
let org: SeededOrganization;
/** The rate windows' clock, held still and moved by hand: two requests are in one second however long they take. */
let clockAt = Math.floor(Date.now() / 1000) * 1000 + 250;

beforeAll(async () => {
  useWindowClock(() => new Date(clockAt));
  // The database check gives up only when the database is really gone (its connections refused), never on a slow round trip.
  useDatabaseCheckDeadline(() => new AbortController().signal);
  database = await createTestDatabase();
  db = connect(database.url);
  server = await startApiServer(database.url);
  org = await seedOrganization(db, { rateLimitPerSecond: 1, rateLimitPerMinute: 1 });
});

afterAll(async () => {
  useWindowClock(null);
  useDatabaseCheckDeadline(null);
  await database.admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
  await server.close();
  await db.$disconnect();
});

/** Takes the database away from the app: refuse new connections and cut the open ones. */
async function takeDatabaseDown() {
  await db.$disconnect();
  await database.admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS false`);
  await database.admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
    database.name,
  ]);
}

describe("GET /health", () => {
  it("answers {ok: true, ts} after a database round trip, anonymously, with no version information", async () => {
    const before = Date.now();
    const response = await server.api("/health");
    const after = Date.now();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; ts: string };
    expect(Object.keys(body).sort()).toEqual(["ok", "ts"]);
    expect(body.ok).toBe(true);
    expect(body.ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The time of the answer: taken while the request was under way.
    expect(Date.parse(body.ts)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.ts)).toBeLessThanOrEqual(after);
    const headers = [...response.headers.keys()].join(" ");
    expect(headers).not.toMatch(/x-ratelimit|x-powered-by|server/i);
  });

  it("is never rate limited, even for an organization with a ceiling of 1 per second", async () => {
    // The org's own budget is 1/s; health takes no bearer and never counts.
    const statuses = await Promise.all(Array.from({ length: 12 }, () => server.api("/health").then((r) => r.status)));
    expect(statuses).toEqual(Array(12).fill(200));
    expect((await server.api("/me", { token: org.key })).status).toBe(200);
    expect((await server.api("/me", { token: org.key })).status).toBe(429);
  });

  it("answers 503 {ok: false} while the database is unreachable, and recovers", async () => {
    await takeDatabaseDown();
    const down = await server.api("/health");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ ok: false });

    // An authenticated call cannot be served either: a 500 in the envelope, revealing nothing.
    clockAt += 1000; // past the second the previous test spent
    const me = await server.api("/me", { token: org.key });
    expect(me.status).toBe(500);
    const text = await me.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "INTERNAL_ERROR", message: "Unexpected error. It is safe to retry after a short backoff." },
    });
    expect(text).not.toMatch(/prisma|select|stack|at \w+ \(|postgres|connection/i);

    await database.admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
    // Recovers as soon as a connection is made.
    await expect.poll(async () => (await server.api("/health")).status).toBe(200);
  });
});
