import { describe, expect, it } from "vitest";
import { ApiError } from "../../server/errors/api-error";
import { mapCatalogWriteError, projectNotFound } from "../../server/projects/catalog-errors";
import { seedProject } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, recordedEvents } from "./helpers";

const t = useApiTest({ observeEvents: true });
const api = (path: string, method: string, json?: unknown) => t.server.api(path, { token: t.org.key, method, json });

describe("concurrent writes never answer 500", () => {
  it("deleting a project while units are being added: each add is 201 or 404, and no unit survives", async () => {
    const project = await seedProject(t.db, t.org.id);
    const adds = Array.from({ length: 6 }, (_, i) => api(`/projects/${project.id}/units`, "POST", { name: `U${i}`, price: i }));
    const removal = api(`/projects/${project.id}`, "DELETE");
    const responses = await Promise.all([...adds, removal]);
    const removed = responses.at(-1) as Response;
    expect(removed.status).toBe(200);
    for (const response of responses.slice(0, -1)) expect([201, 404]).toContain(response.status);
    expect(await t.db.unit.count({ where: { projectId: project.id } })).toBe(0);
    expect(await t.db.project.count({ where: { id: project.id } })).toBe(0);
  });

  it("deleting a project while its units and itself are being updated: 200 or 404 only", async () => {
    const project = await seedProject(t.db, t.org.id, { units: [{ name: "A" }, { name: "B" }] });
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
    const project = await seedProject(t.db, t.org.id, { units: [{ name: "A" }] });
    const unitId = project.units[0]?.id ?? "";
    const before = (await recordedEvents(t.db, t.org.id)).length;
    const sequence = ["reserved", "sold", "available", "reserved", "sold", "available"];
    const responses = await Promise.all(
      sequence.map((status) => api(`/projects/${project.id}/units/${unitId}`, "PATCH", { status })),
    );
    for (const response of responses) expect(response.status).toBe(200);
    const changes = (await recordedEvents(t.db, t.org.id))
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
