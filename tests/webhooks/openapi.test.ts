import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../server/events/event-types";
import { eventSample } from "../../server/webhooks/event-samples";
import { useApiTest } from "../support/api-test";

const t = useApiTest({ organization: false });

type Operation = { responses: Record<string, unknown>; "x-required-scope"?: string | null; description?: string };

describe("webhook operations in the OpenAPI document", () => {
  it("publishes the endpoints with scope webhooks:manage, 201 on create, and the delivery rules", async () => {
    const document = (await (await t.server.api("/openapi.json")).json()) as { paths: Record<string, Record<string, Operation>> };
    const operations = [
      document.paths["/webhooks/events"]?.get,
      document.paths["/webhooks/subscriptions"]?.get,
      document.paths["/webhooks/subscriptions"]?.post,
      document.paths["/webhooks/subscriptions/{id}"]?.get,
      document.paths["/webhooks/subscriptions/{id}"]?.delete,
      document.paths["/webhooks/samples/{event}"]?.get,
      document.paths["/webhooks/subscriptions/{id}/replay"]?.post,
      document.paths["/webhooks/subscriptions/{id}/rotate-secret"]?.post,
      document.paths["/webhooks/subscriptions/{id}/previous-secret"]?.delete,
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
      "/webhooks/subscriptions/{id}/replay",
      "/webhooks/subscriptions/{id}/rotate-secret",
      "/webhooks/subscriptions/{id}/previous-secret",
    ]);
    // The journal has a read-only scope of its own, and its items are the webhooks' event components.
    const journal = document.paths["/events"]?.get as (Operation & { responses: Record<string, unknown> }) | undefined;
    expect(journal?.["x-required-scope"]).toBe("events:read");
    expect(JSON.stringify(journal?.responses["200"])).toContain("#/components/schemas/LeadCreatedEvent");
  });
});

describe("the OpenAPI webhooks section", () => {
  type Webhook = {
    post: {
      operationId: string;
      security: unknown[];
      parameters: { name: string; in: string }[];
      requestBody: { content: { "application/json": { schema: object } } };
      responses: Record<string, unknown>;
    };
  };

  it("documents every event type's delivery with the schema real events are checked against", async () => {
    const served = (await (await t.server.api("/openapi.json")).json()) as { webhooks: Record<string, Webhook>; components: unknown };
    expect(Object.keys(served.webhooks)).toEqual(EVENT_TYPES);
    const document = (await SwaggerParser.dereference(structuredClone(served) as never)) as unknown as typeof served;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const type of EVENT_TYPES) {
      const { post } = document.webhooks[type]!;
      expect(post.security, type).toEqual([]);
      expect(post.parameters.map((p) => `${p.in}:${p.name}`), type).toEqual([
        "header:X-Service-Event",
        "header:X-Service-Delivery",
        "header:X-Service-Signature",
        "header:X-Service-Signatures",
        "header:X-Service-Source",
        "header:User-Agent",
      ]);
      expect(Object.keys(post.responses), type).toContain("2XX");
      const validate = ajv.compile(post.requestBody.content["application/json"].schema);
      const sample = eventSample(type, { id: "org", name: "Pinos Realty", slug: null });
      expect(validate(sample), `${type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // The documented schema is as strict as the recorder: an undocumented field or another type's data is refused.
      expect(validate({ ...sample, data: { ...sample.data, extra: 1 } }), type).toBe(false);
      const other = type.startsWith("lead.") ? "project.created" : "lead.created";
      expect(validate({ ...sample, data: eventSample(other, sample.organization).data }), type).toBe(false);
    }
  });

  it("GET /webhooks/samples/{event} answers with the same components, told apart by type", async () => {
    const document = (await (await t.server.api("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { oneOf: { $ref: string }[] } }> }> }>>;
      webhooks: Record<string, Webhook>;
    };
    const answer = document.paths["/webhooks/samples/{event}"]!.get!.responses["200"]!.content["application/json"]!.schema;
    const webhookRefs = EVENT_TYPES.map(
      (type) => (document.webhooks[type]!.post.requestBody.content["application/json"].schema as { $ref: string }).$ref,
    );
    expect(answer.oneOf.map((branch) => branch.$ref)).toEqual(webhookRefs);
  });
});
