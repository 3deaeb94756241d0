import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedDriver, stopEmbeddedDriver } from "../../server/jobs/embedded/process-driver";
import { shutDownGracefully } from "../../server/system/graceful-shutdown";
import { useApiTest } from "../support/api-test";

/**
 * `/api/ready` tells an orchestrator whether to send this instance traffic:
 * 503 while migrations are pending, while its job driver is not running and
 * while it shuts down; `/api/v1/health` keeps the contract's liveness answer
 * throughout.
 */
const t = useApiTest({ organization: false });

afterAll(() => stopEmbeddedDriver({ timeoutMs: 0 }));

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
