import { beforeEach, describe, expect, it } from "vitest";
import { seedOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { observeEvents } from "../support/observe-events";
import { body, recordedEvents, TIMESTAMP, type Json, type RecordedEvent } from "./helpers";

// Each test looks only at the events it caused.
const t = useApiTest({ organization: { name: "Pinos Realty", slug: "pinos-realty", maxProjects: 50 }, observeEvents: true });
let seen = 0;
beforeEach(async () => {
  seen = (await recordedEvents(t.db, t.org.id)).length;
});
async function newEvents(): Promise<RecordedEvent[]> {
  return (await recordedEvents(t.db, t.org.id)).slice(seen);
}

function expectEnvelope(event: RecordedEvent, type: string) {
  expect(event.type).toBe(type);
  expect(event.origin).toBe("api");
  expect(Object.keys(event.envelope).sort()).toEqual(["createdAt", "data", "id", "organization", "type"]);
  expect(event.envelope.id).toMatch(/^evt_[0-9a-f-]{36}$/);
  expect(event.envelope.id).toBe(event.id);
  expect(event.envelope.type).toBe(type);
  expect(event.envelope.createdAt).toMatch(TIMESTAMP);
  expect(event.envelope.organization).toEqual({ id: t.org.id, name: "Pinos Realty", slug: "pinos-realty" });
}

const api = (path: string, method: string, json?: unknown) => t.server.api(path, { token: t.org.key, method, json });

async function createProject(json: Record<string, unknown> = {}): Promise<Json> {
  const response = await api("/projects", "POST", { name: "Torre Norte", city: "Lima", ...json });
  expect(response.status).toBe(201);
  return body(response);
}

async function createUnit(projectId: string, json: Record<string, unknown> = {}): Promise<Json> {
  const response = await api(`/projects/${projectId}/units`, "POST", { name: "101", price: 1000, ...json });
  expect(response.status).toBe(201);
  return body(response);
}

describe("events of catalog writes", () => {
  it("POST /projects: project.created", async () => {
    const created = await createProject();
    const events = await newEvents();
    expect(events.map((e) => e.type)).toEqual(["project.created"]);
    const [event] = events as [RecordedEvent];
    expectEnvelope(event, "project.created");
    expect(Object.keys(event.envelope.data)).toEqual(["project"]);
    expect(event.envelope.data.project).toMatchObject({ id: created.id, name: "Torre Norte", city: "Lima", unitCount: 0 });
    expect(event.envelope.data.project).not.toHaveProperty("units");
  });

  it("POST /projects with units[]: project.created plus one unit.created per unit", async () => {
    const created = await createProject({ units: [{ name: "A", price: 10 }, { name: "B", price: 20 }] });
    const events = await newEvents();
    expect(events.map((e) => e.type).sort()).toEqual(["project.created", "unit.created", "unit.created"]);
    const project = events.find((e) => e.type === "project.created") as RecordedEvent;
    expectEnvelope(project, "project.created");
    expect(project.envelope.data.project).toMatchObject({ id: created.id, unitCount: 2, minPrice: 10, maxPrice: 20 });
    const units = events.filter((e) => e.type === "unit.created");
    for (const unit of units) {
      expectEnvelope(unit, "unit.created");
      expect(Object.keys(unit.envelope.data).sort()).toEqual(["project", "unit"]);
      expect(unit.envelope.data.unit.projectId).toBe(created.id);
      expect(unit.envelope.data.project.id).toBe(created.id);
    }
    expect(units.map((u) => u.envelope.data.unit.name).sort()).toEqual(["A", "B"]);
    const read = await body(await api(`/projects/${created.id}`, "GET"));
    expect(units.map((u) => u.envelope.data.unit.id).sort()).toEqual(read.units.map((u: { id: string }) => u.id).sort());
  });

  it("PUT /projects/{projectId}: project.updated with the updated project", async () => {
    const { id } = await createProject();
    seen = (await recordedEvents(t.db, t.org.id)).length;
    expect((await api(`/projects/${id}`, "PUT", { status: "published" })).status).toBe(200);
    const events = await newEvents();
    expect(events.map((e) => e.type)).toEqual(["project.updated"]);
    expectEnvelope(events[0] as RecordedEvent, "project.updated");
    expect(events[0]?.envelope.data.project).toMatchObject({ id, status: "published" });
    // Exactly the fields that changed, in API values; a field sent unchanged is not listed.
    expect(events[0]?.envelope.data.changes).toEqual({ status: { from: "draft", to: "published" } });

    seen = (await recordedEvents(t.db, t.org.id)).length;
    expect((await api(`/projects/${id}`, "PUT", { status: "published", city: "Sevilla", salePrice: null })).status).toBe(200);
    const [again] = await newEvents();
    expect(again?.envelope.data.changes).toEqual({ city: { from: "Lima", to: "Sevilla" } });
  });

  it("DELETE /projects/{projectId}: project.deleted with the project as it was", async () => {
    const { id } = await createProject({ units: [{ name: "A", price: 10 }] });
    seen = (await recordedEvents(t.db, t.org.id)).length;
    expect((await api(`/projects/${id}`, "DELETE")).status).toBe(200);
    const events = await newEvents();
    expect(events.map((e) => e.type)).toEqual(["project.deleted"]);
    expectEnvelope(events[0] as RecordedEvent, "project.deleted");
    expect(events[0]?.envelope.data.project).toMatchObject({ id, name: "Torre Norte", unitCount: 1 });
  });

  it("POST /projects/{projectId}/units: unit.created with the unit and its project", async () => {
    const { id } = await createProject();
    seen = (await recordedEvents(t.db, t.org.id)).length;
    const unit = await createUnit(id);
    const events = await newEvents();
    expect(events.map((e) => e.type)).toEqual(["unit.created"]);
    expectEnvelope(events[0] as RecordedEvent, "unit.created");
    expect(events[0]?.envelope.data.unit).toEqual(unit);
    expect(events[0]?.envelope.data.project).toMatchObject({ id, unitCount: 1, minPrice: 1000 });
  });

  it("PATCH without a status change: unit.updated only", async () => {
    const { id } = await createProject();
    const unit = await createUnit(id);
    seen = (await recordedEvents(t.db, t.org.id)).length;
    const updated = await body(await api(`/projects/${id}/units/${unit.id}`, "PATCH", { price: 1200, status: "available" }));
    const events = await newEvents();
    expect(events.map((e) => e.type)).toEqual(["unit.updated"]);
    expectEnvelope(events[0] as RecordedEvent, "unit.updated");
    expect(events[0]?.envelope.data.unit).toEqual(updated);
    expect(events[0]?.envelope.data.project).toMatchObject({ id, minPrice: 1200 });
    expect(events[0]?.envelope.data.changes).toEqual({ price: { from: unit.price, to: 1200 } });
  });

  it("PATCH with a status change: unit.updated and unit.status_changed with unit and project", async () => {
    const { id } = await createProject();
    const unit = await createUnit(id);
    seen = (await recordedEvents(t.db, t.org.id)).length;
    const updated = await body(await api(`/projects/${id}/units/${unit.id}`, "PATCH", { status: "sold" }));
    const events = await newEvents();
    expect(events.map((e) => e.type).sort()).toEqual(["unit.status_changed", "unit.updated"]);
    const changed = events.find((e) => e.type === "unit.status_changed") as RecordedEvent;
    expectEnvelope(changed, "unit.status_changed");
    expect(changed.envelope.data.unit).toEqual(updated);
    expect(changed.envelope.data.unit.status).toBe("sold");
    expect(changed.envelope.data.previousStatus).toBe("available");
    expect(changed.envelope.data.project).toMatchObject({ id, name: "Torre Norte" });
  });

  it("an event with an active subscription gets its pending delivery in the same write", async () => {
    const subscription = await t.db.webhookSubscription.create({
      data: {
        organizationId: t.org.id,
        targetUrl: "https://hooks.example.test/units",
        event: "unit.created",
        secretCiphertext: "not-used-here",
        managedBy: "dashboard",
      },
    });
    const { id } = await createProject();
    await createUnit(id);
    const unitEvent = (await newEvents()).find((e) => e.type === "unit.created") as RecordedEvent;
    const deliveries = await t.db.webhookDelivery.findMany({ where: { subscriptionId: subscription.id } });
    expect(deliveries.map((d) => [d.eventId, d.status])).toEqual([[unitEvent.id, "pending"]]);
    await t.db.webhookSubscription.delete({ where: { id: subscription.id } });
  });
});

describe("failed writes record no event", () => {
  it.each([
    ["invalid project body", "/projects", "POST", { name: "" }],
    ["invalid initial unit", "/projects", "POST", { name: "P", units: [{ name: "A", price: -1 }] }],
    ["empty update", "/projects/{project}", "PUT", {}],
    ["update of an unknown project", "/projects/prj_000000000000000000000000", "PUT", { name: "X" }],
    ["delete of an unknown project", "/projects/prj_000000000000000000000000", "DELETE", undefined],
    ["invalid unit", "/projects/{project}/units", "POST", { name: "A", price: 1.5 }],
    ["unit for an unknown project", "/projects/prj_000000000000000000000000/units", "POST", { name: "A", price: 1 }],
    ["invalid unit update", "/projects/{project}/units/{unit}", "PATCH", { price: null }],
    ["update of an unknown unit", "/projects/{project}/units/unit_000000000000000000000000", "PATCH", { status: "sold" }],
  ])("%s", async (_label, template, method, json) => {
    const { id } = await createProject();
    const unit = await createUnit(id);
    seen = (await recordedEvents(t.db, t.org.id)).length;
    const path = template.replace("{project}", id).replace("{unit}", unit.id);
    const response = await api(path, method, json);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await newEvents()).toEqual([]);
  });

  it("a create refused by the plan limit", async () => {
    const limited = await seedOrganization(t.db, { rateLimitExempt: true, maxProjects: 1 });
    await observeEvents(t.db, limited.id);
    expect((await t.server.api("/projects", { token: limited.key, method: "POST", json: { name: "1" } })).status).toBe(201);
    const before = await recordedEvents(t.db, limited.id);
    expect((await t.server.api("/projects", { token: limited.key, method: "POST", json: { name: "2" } })).status).toBe(403);
    expect(await recordedEvents(t.db, limited.id)).toEqual(before);
  });
});
