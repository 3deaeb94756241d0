import { afterEach, describe, expect, it } from "vitest";
import type { NextRequest } from "next/server";
import { clearTestConfiguration, configureForTests } from "../../server/config/config";

/**
 * /api/inngest is live only when Inngest is configured. Without it the
 * embedded driver does the work, and the route answers the API's 404 instead
 * of the SDK's 500.
 */
afterEach(() => clearTestConfiguration("INNGEST_DEV", "INNGEST_EVENT_KEY"));

const request = (method: string) => new Request("http://localhost/api/inngest", { method }) as unknown as NextRequest;

describe("/api/inngest", () => {
  it("answers 404 in the error envelope when Inngest is not configured", async () => {
    configureForTests({ INNGEST_DEV: undefined, INNGEST_EVENT_KEY: undefined });
    const route = await import("../../app/api/inngest/route");
    for (const [method, handler] of [["GET", route.GET], ["POST", route.POST], ["PUT", route.PUT]] as const) {
      const response = await handler(request(method), {});
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: `No endpoint ${method} /api/inngest.` } });
    }
  });

  it("serves the Inngest handler when INNGEST_DEV is set", async () => {
    configureForTests({ INNGEST_DEV: "1" });
    const route = await import("../../app/api/inngest/route");
    const response = await route.GET(request("GET"), {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as { function_count?: number };
    // A row-claimed job is a function plus its sweeper; a scheduled job is one function.
    const { jobRegistry } = await import("../../server/jobs/registry");
    expect(jobRegistry.map((job) => job.id)).toEqual(expect.arrayContaining(["deliver-webhook", "send-mail", "prune-webhook-history"]));
    expect(body.function_count).toBe(jobRegistry.reduce((count, job) => count + (job.kind === "row-claimed" ? 2 : 1), 0));
  });
});
