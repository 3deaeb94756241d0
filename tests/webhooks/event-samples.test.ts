import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES, type EventType } from "../../server/events/event-types";
import { eventSample } from "../../server/webhooks/event-samples";
import { seedApiKey } from "../support/factories";
import { useApiTest } from "../support/api-test";

/**
 * GET /webhooks/samples/{event}: a sample delivery body per event type, valid
 * against the documented response schema, with the caller's organization, and
 * shaped like the events real writes emit (same keys at every level).
 */
const t = useApiTest({ organization: { name: "Pinos Realty", slug: "pinos-realty" }, observeEvents: true });
let validate: (value: unknown) => boolean;
let validationErrors: () => unknown;

beforeAll(async () => {
  const document = (await SwaggerParser.dereference((await (await t.server.api("/openapi.json")).json()) as never)) as unknown as {
    paths: Record<string, Record<string, { responses: Record<string, { content: { "application/json": { schema: object } } }> }>>;
  };
  const schema = document.paths["/webhooks/samples/{event}"]!.get!.responses["200"]!.content["application/json"].schema;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const compiled = ajv.compile(schema);
  validate = (value) => compiled(value);
  validationErrors = () => compiled.errors;
});

async function sampleOf(event: string, token = t.org.key) {
  return t.server.api(`/webhooks/samples/${event}`, { token });
}

/** The keys of `data` and of each object in it (the lead, note, communication, project, unit), sorted. */
function shapeOf(data: unknown): Record<string, string[]> {
  const record = data as Record<string, unknown>;
  const shape: Record<string, string[]> = { data: Object.keys(record).sort() };
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) shape[key] = Object.keys(value).sort();
  }
  return shape;
}

describe("GET /webhooks/samples/{event}", () => {
  it.each(EVENT_TYPES)("%s: the documented shape, with my organization, nothing stripped", async (event) => {
    const response = await sampleOf(event);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { type: string; organization: unknown };
    expect(validate(body), JSON.stringify(validationErrors())).toBe(true);
    expect(body.type).toBe(event);
    expect(body.organization).toEqual({ id: t.org.id, name: "Pinos Realty", slug: "pinos-realty" });
    expect(body).toEqual(eventSample(event as EventType, { id: t.org.id, name: "Pinos Realty", slug: "pinos-realty" }));
  });

  it("refuses unknown event types with 400 VALIDATION_ERROR and needs webhooks:manage", async () => {
    const unknown = await sampleOf("lead.exploded");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_ERROR");
    const readOnly = await seedApiKey(t.db, t.org.id, { scopes: ["leads:read"] });
    expect((await sampleOf("lead.created", readOnly.key)).status).toBe(403);
  });
});

describe("samples look like what real writes emit", () => {
  async function emittedData(type: EventType): Promise<unknown> {
    const row = await t.db.webhookEvent.findFirst({ where: { organizationId: t.org.id, type }, orderBy: { createdAt: "desc" } });
    return (JSON.parse(row!.body) as { data: unknown }).data;
  }

  it("lead.created, lead.updated, lead.note_added, lead.communication_logged and project.created carry the same keys", async () => {
    const api = (path: string, json: unknown, method = "POST") => t.server.api(path, { token: t.org.key, method, json });
    const lead = (await (await api("/leads", { firstName: "Ana", lastName: "Ruiz", email: "ana.ruiz@example.com" })).json()) as { id: string };
    expect((await api(`/leads/${lead.id}`, { score: 40 }, "PUT")).status).toBe(200);
    expect((await api(`/leads/${lead.id}/notes`, { content: "Call after 6 pm" })).status).toBe(201);
    expect((await api(`/leads/${lead.id}/communications`, { type: "call", direction: "outbound", content: "No answer" })).status).toBe(201);
    expect((await api("/projects", { name: "Torre Norte", currency: "EUR" })).status).toBe(201);

    for (const type of ["lead.created", "lead.updated", "lead.note_added", "lead.communication_logged", "project.created"] as const) {
      const sample = eventSample(type, { id: t.org.id, name: "Pinos Realty", slug: "pinos-realty" }).data;
      // Values differ, and `changes` names other fields; the keys of data and of the records in it must not.
      const { changes: _sampleChanges, ...sampleShape } = shapeOf(sample);
      const { changes: _emittedChanges, ...emittedShape } = shapeOf(await emittedData(type));
      expect(sampleShape, type).toEqual(emittedShape);
    }
  });
});
