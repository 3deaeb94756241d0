import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";

const t = useApiTest({ organization: false });

type Operation = { responses: Record<string, unknown>; "x-required-scope"?: string | null; description?: string };

describe("webhook operations in the OpenAPI document", () => {
  it("publishes the six endpoints with scope webhooks:manage, 201 on create, and the delivery rules", async () => {
    const document = (await (await t.server.api("/openapi.json")).json()) as { paths: Record<string, Record<string, Operation>> };
    const operations = [
      document.paths["/webhooks/events"]?.get,
      document.paths["/webhooks/subscriptions"]?.get,
      document.paths["/webhooks/subscriptions"]?.post,
      document.paths["/webhooks/subscriptions/{id}"]?.get,
      document.paths["/webhooks/subscriptions/{id}"]?.delete,
      document.paths["/webhooks/samples/{event}"]?.get,
    ];
    for (const operation of operations) {
      expect(operation).toBeTruthy();
      expect(operation!["x-required-scope"]).toBe("webhooks:manage");
    }
    const create = document.paths["/webhooks/subscriptions"]!.post!;
    expect(Object.keys(create.responses)).toContain("201");
    expect((create.responses["200"] as { description?: string } | undefined)?.description).toMatch(/replay/i);
    expect(create.description).toContain("Six attempts in all");
    expect(create.description).toContain("10 seconds");
    expect(create.description).toContain("answers 200");
    // The dashboard's procedures stay off the public surface.
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/webhooks"))).toEqual([
      "/webhooks/events",
      "/webhooks/samples/{event}",
      "/webhooks/subscriptions",
      "/webhooks/subscriptions/{id}",
    ]);
  });
});
