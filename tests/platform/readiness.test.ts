import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureForTests } from "../../server/config/config";
import { disconnectDb } from "../../server/db";
import { startEmbeddedDriver, stopEmbeddedDriver } from "../../server/jobs/embedded/process-driver";
import { useDatabaseCheckDeadline } from "../../server/system/check-database";
import { shutDownGracefully } from "../../server/system/graceful-shutdown";
import { useApiTest } from "../support/api-test";

/**
 * `/api/ready` tells an orchestrator whether to send this instance traffic:
 * 503 while migrations are pending, while its job driver is not running and
 * while it shuts down; `/api/v1/health` keeps the contract's liveness answer
 * throughout.
 */
const t = useApiTest({ organization: false });

/**
 * The database check gives up when this signal aborts: never, unless a test
 * aborts it, so a round trip slowed by a busy machine is not taken for a
 * dead database (the real bound is two seconds).
 */
let deadline = new AbortController();
beforeAll(() => useDatabaseCheckDeadline(() => deadline.signal));

afterAll(async () => {
  useDatabaseCheckDeadline(null);
  await stopEmbeddedDriver({ timeoutMs: 0 });
});

async function ready(): Promise<{ status: number; body: { status: string; checks: Record<string, string> } }> {
  const response = await fetch(`${t.server.baseUrl}/api/ready`);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { status: response.status, body: (await response.json()) as { status: string; checks: Record<string, string> } };
}

describe("readiness", () => {
  it("is 503 while the job driver is not running, 200 once it runs", async () => {
    expect(await ready()).toEqual({
      status: 503,
      body: { status: "unavailable", checks: { database: "ok", migrations: "ok", jobs: "stopped", shutdown: "no" } },
    });
    startEmbeddedDriver({ jobs: [] });
    expect(await ready()).toEqual({ status: 200, body: { status: "ready", checks: { database: "ok", migrations: "ok", jobs: "running", shutdown: "no" } } });
  });

  it("is 503 while a migration of this code is not applied to the database", async () => {
    const [last] = await t.db.$queryRaw<{ id: string; migration_name: string }[]>`
      SELECT id, migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`;
    await t.db.$executeRaw`UPDATE "_prisma_migrations" SET finished_at = NULL, rolled_back_at = now() WHERE id = ${last!.id}`;
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.checks.migrations).toBe("pending");
    } finally {
      await t.db.$executeRaw`UPDATE "_prisma_migrations" SET finished_at = now(), rolled_back_at = NULL WHERE id = ${last!.id}`;
    }
    expect((await ready()).status).toBe(200);
  });

  it("is 503 with the database unreachable when the database does not answer within the check's bound", async () => {
    // A server that accepts connections and never says a word: the check's round trip hangs.
    const sockets: net.Socket[] = [];
    let connected!: () => void;
    const reached = new Promise<void>((resolve) => (connected = resolve));
    const silent = net.createServer((socket) => {
      sockets.push(socket);
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    configureForTests({ DATABASE_URL: `postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/silent` });
    await disconnectDb();
    try {
      const answer = ready();
      // Once the check is waiting on the silent database, its bound runs out.
      await reached;
      deadline.abort();
      expect(await answer).toEqual({
        status: 503,
        body: { status: "unavailable", checks: { database: "unreachable", migrations: "unknown", jobs: "running", shutdown: "no" } },
      });
    } finally {
      deadline = new AbortController();
      configureForTests({ DATABASE_URL: t.databaseUrl });
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await disconnectDb();
    }
    expect((await ready()).status).toBe(200);
  });

  it("is 503 from the moment the instance starts shutting down, while health stays the contract's", async () => {
    const health = await t.server.api("/health");
    expect(health.status).toBe(200);
    const stopping = shutDownGracefully("test");
    const answer = await ready();
    expect(answer).toMatchObject({ status: 503, body: { status: "unavailable", checks: { shutdown: "in_progress" } } });
    await stopping;
    expect((await ready()).body.checks).toMatchObject({ shutdown: "in_progress", jobs: "stopped" });
  });
});
