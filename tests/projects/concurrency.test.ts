import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client";
import { ApiError } from "../../server/errors/api-error";
import { mapCatalogWriteError, projectNotFound } from "../../server/projects/catalog-errors";
import { createTestDatabase } from "../support/database";
import { startApiServer, type TestServer } from "../support/api-server";
import { connect, seedOrganization, seedProject, type SeededOrganization } from "../support/factories";
import { body, recordedEvents } from "./helpers";

let server: TestServer;
let db: Db;
let org: SeededOrganization;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = connect(database.url);
  server = await startApiServer(database.url);
  org = await seedOrganization(db, { rateLimitExempt: true });
});

afterAll(async () => {
  await server.close();
  await db.$disconnect();
});

const api = (path: string, method: string, json?: unknown) => server.api(path, { token: org.key, method, json });

describe("concurrent writes never answer 500", () => {
  it("deleting a project while units are being added: each add is 201 or 404, and no unit survives", async () => {
    const project = await seedProject(db, org.id);
    const adds = Array.from({ length: 6 }, (_, i) => api(`/projects/${project.id}/units`, "POST", { name: `U${i}`, price: i }));
    const removal = api(`/projects/${project.id}`, "DELETE");
    const responses = await Promise.all([...adds, removal]);
    const removed = responses.at(-1) as Response;
    expect(removed.status).toBe(200);
    for (const response of responses.slice(0, -1)) expect([201, 404]).toContain(response.status);
    expect(await db.unit.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.project.count({ where: { id: project.id } })).toBe(0);
  });

  it("deleting a project while its units and itself are being updated: 200 or 404 only", async () => {
    const project = await seedProject(db, org.id, { units: [{ name: "A" }, { name: "B" }] });
    const unitIds = project.units.map((unit) => unit.id);
    const requests = [
      ...unitIds.map((id) => api(`/projects/${project.id}/units/${id}`, "PATCH", { status: "sold" })),
      api(`/projects/${project.id}`, "PUT", { name: "Renamed" }),
      api(`/projects/${project.id}`, "DELETE"),
      api(`/projects/${project.id}`, "DELETE"),
      ...unitIds.map((id) => api(`/projects/${project.id}/units/${id}`, "PATCH", { price: 5 })),
    ];
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    for (const status of statuses) expect([200, 404]).toContain(status);
    // Exactly one of the two deletes wins.
    expect(statuses.slice(unitIds.length + 1, unitIds.length + 3).sort()).toEqual([200, 404]);
  });

  it("concurrent status changes each report the status they replaced", async () => {
    const project = await seedProject(db, org.id, { units: [{ name: "A" }] });
    const unitId = project.units[0]?.id ?? "";
    const before = (await recordedEvents(db, org.id)).length;
    const sequence = ["reserved", "sold", "available", "reserved", "sold", "available"];
    const responses = await Promise.all(
      sequence.map((status) => api(`/projects/${project.id}/units/${unitId}`, "PATCH", { status })),
    );
    for (const response of responses) expect(response.status).toBe(200);
    const changes = (await recordedEvents(db, org.id))
      .slice(before)
      .filter((event) => event.type === "unit.status_changed")
      .map((event) => [event.envelope.data.previousStatus, event.envelope.data.unit.status] as [string, string]);
    // Replaying the changes in commit order starts from "available" and chains without gaps.
    let current = "available";
    const remaining = [...changes];
    while (remaining.length > 0) {
      const next = remaining.findIndex(([previous]) => previous === current);
      expect(next).toBeGreaterThanOrEqual(0);
      current = (remaining.splice(next, 1)[0] as [string, string])[1];
    }
    const final = await body(await api(`/projects/${project.id}/units`, "GET"));
    expect(final.data[0].status).toBe(current);
  });
});

describe("database errors of racing writes map to the contract", () => {
  it.each([
    ["foreign key violation", { code: "P2003" }, 404],
    ["record gone", { code: "P2025" }, 404],
    ["raw foreign key violation", { code: "P2010", meta: { code: "23503" } }, 404],
    ["unique violation", { code: "P2002" }, 409],
    ["write conflict or deadlock", { code: "P2034" }, 409],
    ["raw deadlock", { code: "P2010", meta: { code: "40P01" } }, 409],
  ])("%s", (_label, error, status) => {
    const mapped = mapCatalogWriteError(error, projectNotFound);
    expect(mapped).toBeInstanceOf(ApiError);
    expect((mapped as ApiError).status).toBe(status);
  });

  it("leaves other errors alone", () => {
    const error = new Error("boom");
    expect(mapCatalogWriteError(error, projectNotFound)).toBe(error);
  });
});
