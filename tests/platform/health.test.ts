import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startApiServer, type TestServer } from "../support/api-server";
import { connect, seedOrganization, type SeededOrganization } from "../support/factories";

let database: TestDatabase;
let server: TestServer;
let db: Db;
let org: SeededOrganization;

beforeAll(async () => {
  database = await createTestDatabase();
  db = connect(database.url);
  server = await startApiServer(database.url);
  org = await seedOrganization(db, { rateLimitPerSecond: 1, rateLimitPerMinute: 1 });
});

afterAll(async () => {
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
    const response = await server.api("/health");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; ts: string };
    expect(Object.keys(body).sort()).toEqual(["ok", "ts"]);
    expect(body.ok).toBe(true);
    expect(body.ts).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(body.ts) - Date.now())).toBeLessThan(10_000);
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
    await new Promise((r) => setTimeout(r, 1100));
    const me = await server.api("/me", { token: org.key });
    expect(me.status).toBe(500);
    const text = await me.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "INTERNAL_ERROR", message: "Unexpected error. It is safe to retry after a short backoff." },
    });
    expect(text).not.toMatch(/prisma|select|stack|at \w+ \(|postgres|connection/i);

    await database.admin(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS true`);
    await expect.poll(async () => (await server.api("/health")).status, { timeout: 10_000 }).toBe(200);
  });
});
