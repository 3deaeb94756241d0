import { describe, expect, it } from "vitest";
import { ApiError } from "../../server/errors/api-error";
import { newId } from "../../server/ids";
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

/** The error a write fails with, from the real database. */
async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error("expected the write to fail");
}

/** Two transactions locking two projects in opposite orders: PostgreSQL aborts one of them (40P01). */
async function deadlockFailure(): Promise<unknown> {
  const [a, b] = [await seedProject(t.db, t.org.id), await seedProject(t.db, t.org.id)];
  let bothHoldOne!: () => void;
  const ready = new Promise<void>((resolve) => (bothHoldOne = resolve));
  let holding = 0;
  const rename = (first: string, second: string) =>
    t.db.$transaction(async (tx) => {
      await tx.project.update({ where: { id: first }, data: { name: "first" } });
      if (++holding === 2) bothHoldOne();
      await ready;
      await tx.project.update({ where: { id: second }, data: { name: "second" } });
    });
  const outcomes = await Promise.allSettled([rename(a.id, b.id), rename(b.id, a.id)]);
  const failed = outcomes.filter((outcome) => outcome.status === "rejected");
  expect(failed).toHaveLength(1);
  return (failed[0] as PromiseRejectedResult).reason;
}

describe("database errors of racing writes map to the contract", () => {
  const missing = newId("project");
  it.each([
    ["a unit whose project vanished (foreign key)", () => failureOf(() => t.db.unit.create({ data: { id: newId("unit"), organizationId: t.org.id, projectId: missing, name: "U", price: 1n } })), 404],
    ["an update of a row deleted meanwhile", () => failureOf(() => t.db.project.update({ where: { id: missing }, data: { name: "x" } })), 404],
    [
      "a foreign key violation in raw SQL",
      () => failureOf(() => t.db.$executeRaw`INSERT INTO "Unit" (id, "organizationId", "projectId", name, price, "updatedAt") VALUES (${newId("unit")}, ${t.org.id}::uuid, ${missing}, 'U', 1, now())`),
      404,
    ],
    [
      "a duplicate key",
      async () => {
        const project = await seedProject(t.db, t.org.id);
        return failureOf(() => t.db.project.create({ data: { id: project.id, organizationId: t.org.id, name: "Twin" } }));
      },
      409,
    ],
    ["a deadlock", deadlockFailure, 409],
  ])("%s", async (_label, fail, status) => {
    const mapped = mapCatalogWriteError(await fail(), projectNotFound);
    expect(mapped).toBeInstanceOf(ApiError);
    expect((mapped as ApiError).status).toBe(status);
    expect((mapped as ApiError).messageKey).toBe(status === 404 ? "projects.projectNotFound" : "projects.writeConflict");
  });

  it("leaves other errors alone", () => {
    const error = new Error("boom");
    expect(mapCatalogWriteError(error, projectNotFound)).toBe(error);
    const apiError = projectNotFound();
    expect(mapCatalogWriteError(apiError, () => new ApiError("NOT_FOUND", "projects.unitNotFound"))).toBe(apiError);
  });
});
