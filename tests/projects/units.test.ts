import { describe, expect, it } from "vitest";
import { seedProject } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, TIMESTAMP, UNIT_ID, type Json } from "./helpers";

const t = useApiTest();
const addUnit = (projectId: string, json: unknown) =>
  t.server.api(`/projects/${projectId}/units`, { token: t.org.key, method: "POST", json });
const patchUnit = (projectId: string, unitId: string, json: unknown) =>
  t.server.api(`/projects/${projectId}/units/${unitId}`, { token: t.org.key, method: "PATCH", json });

async function newUnit(projectId: string, json: Record<string, unknown> = {}): Promise<Json> {
  const response = await addUnit(projectId, { name: "A-101", price: 250_000, ...json });
  expect(response.status).toBe(201);
  return body(response);
}

describe("POST /projects/{projectId}/units", () => {
  it("creates an available unit and answers it with 201", async () => {
    const project = await seedProject(t.db, t.org.id);
    const response = await addUnit(project.id, { name: " A-101 ", price: 250_000, type: "Penthouse", area: 120 });
    expect(response.status).toBe(201);
    const unit = await body(response);
    expect(Object.keys(unit).sort()).toEqual(
      ["area", "createdAt", "id", "leadId", "name", "photos", "price", "projectId", "status", "type", "updatedAt"].sort(),
    );
    expect(unit).toMatchObject({ projectId: project.id, name: "A-101", price: 250_000, type: "Penthouse", area: 120, status: "available" });
    expect(unit.id).toMatch(UNIT_ID);
    expect(unit.createdAt).toMatch(TIMESTAMP);
    const stored = await t.db.unit.findUniqueOrThrow({ where: { id: unit.id } });
    expect(stored.price).toBe(250_000n);
    expect(stored.organizationId).toBe(t.org.id);
  });

  it("accepts a 255-character name, a zero price, the largest exact price and an explicit status", async () => {
    const project = await seedProject(t.db, t.org.id);
    const unit = await newUnit(project.id, { name: "n".repeat(255), price: Number.MAX_SAFE_INTEGER, status: "sold" });
    expect(unit).toMatchObject({ price: Number.MAX_SAFE_INTEGER, status: "sold" });
    expect((await newUnit(project.id, { price: 0 })).price).toBe(0);
  });

  it.each([
    ["missing name", { price: 1 }, "name"],
    ["blank name", { name: " ", price: 1 }, "name"],
    ["name over 255 characters", { name: "n".repeat(256), price: 1 }, "name"],
    ["missing price", { name: "A" }, "price"],
    ["null price", { name: "A", price: null }, "price"],
    ["fractional price", { name: "A", price: 1000.5 }, "price"],
    ["negative price", { name: "A", price: -1 }, "price"],
    ["price as a string", { name: "A", price: "1000" }, "price"],
    ["price beyond exact JSON integers", { name: "A", price: Number.MAX_SAFE_INTEGER + 1 }, "price"],
    ["type over 100 characters", { name: "A", price: 1, type: "t".repeat(101) }, "type"],
    ["fractional area", { name: "A", price: 1, area: 70.5 }, "area"],
    ["unknown status", { name: "A", price: 1, status: "rented" }, "status"],
  ])("400 VALIDATION_ERROR: %s", async (_label, json, path) => {
    const project = await seedProject(t.db, t.org.id);
    const message = await expectError(await addUnit(project.id, json), 400, "VALIDATION_ERROR");
    expect(message).toContain(`${path}: `);
    expect(await t.db.unit.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("404 NOT_FOUND for an unknown or malformed project", async () => {
    await expectError(await addUnit("prj_000000000000000000000000", { name: "A", price: 1 }), 404, "NOT_FOUND");
    await expectError(await addUnit("nope", { name: "A", price: 1 }), 404, "NOT_FOUND");
  });
});

describe("GET /projects/{projectId}/units", () => {
  it("lists every unit, oldest first, not paginated", async () => {
    const project = await seedProject(t.db, t.org.id);
    const first = await newUnit(project.id, { name: "First" });
    const second = await newUnit(project.id, { name: "Second" });
    const response = await t.server.api(`/projects/${project.id}/units`, { token: t.org.key });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ data: [first, second] });
  });

  it("answers an empty list for a project without units, 404 for an unknown project", async () => {
    const project = await seedProject(t.db, t.org.id);
    expect(await body(await t.server.api(`/projects/${project.id}/units`, { token: t.org.key }))).toEqual({ data: [] });
    await expectError(await t.server.api(`/projects/prj_000000000000000000000000/units`, { token: t.org.key }), 404, "NOT_FOUND");
  });
});

describe("PATCH /projects/{projectId}/units/{unitId}", () => {
  it("changes the fields sent and answers the updated unit", async () => {
    const project = await seedProject(t.db, t.org.id);
    const unit = await newUnit(project.id, { type: "Loft", area: 60 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await patchUnit(project.id, unit.id, { price: 260_000, status: "reserved" });
    expect(response.status).toBe(200);
    const updated = await body(response);
    expect(updated).toMatchObject({ ...unit, price: 260_000, status: "reserved", updatedAt: expect.any(String) });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(unit.updatedAt).getTime());
    const listed = await body(await t.server.api(`/projects/${project.id}/units`, { token: t.org.key }));
    expect(listed.data).toEqual([updated]);
  });

  it("null clears type and area", async () => {
    const project = await seedProject(t.db, t.org.id);
    const unit = await newUnit(project.id, { type: "Loft", area: 60 });
    expect(await body(await patchUnit(project.id, unit.id, { type: null, area: null }))).toMatchObject({ type: null, area: null });
  });

  it.each([
    ["an empty body", {}],
    ["only unknown fields", { color: "blue" }],
    ["a null name", { name: null }],
    ["a null price", { price: null }],
    ["a null status", { status: null }],
    ["a fractional price", { price: 9.99 }],
    ["a negative price", { price: -10 }],
    ["a name over 255 characters", { name: "n".repeat(256) }],
    ["a type over 100 characters", { type: "t".repeat(101) }],
    ["an unknown status", { status: "gone" }],
  ])("400 VALIDATION_ERROR for %s", async (_label, json) => {
    const project = await seedProject(t.db, t.org.id);
    const unit = await newUnit(project.id);
    await expectError(await patchUnit(project.id, unit.id, json), 400, "VALIDATION_ERROR");
    expect(await t.db.unit.findUniqueOrThrow({ where: { id: unit.id } })).toMatchObject({ name: "A-101", price: 250_000n });
  });

  it("404 NOT_FOUND for a unit of another project, an unknown unit or a malformed id", async () => {
    const project = await seedProject(t.db, t.org.id);
    const other = await seedProject(t.db, t.org.id);
    const unit = await newUnit(project.id);
    await expectError(await patchUnit(other.id, unit.id, { name: "X" }), 404, "NOT_FOUND");
    await expectError(await patchUnit(project.id, "unit_000000000000000000000000", { name: "X" }), 404, "NOT_FOUND");
    await expectError(await patchUnit(project.id, "42", { name: "X" }), 404, "NOT_FOUND");
    await expectError(await patchUnit("prj_000000000000000000000000", unit.id, { name: "X" }), 404, "NOT_FOUND");
    expect((await t.db.unit.findUniqueOrThrow({ where: { id: unit.id } })).name).toBe("A-101");
  });
});

describe("units in the project read", () => {
  it("unitCount and the price range follow unit writes", async () => {
    const project = await seedProject(t.db, t.org.id);
    const cheap = await newUnit(project.id, { price: 100 });
    await newUnit(project.id, { price: 300 });
    await patchUnit(project.id, cheap.id, { price: 200 });
    const read = await body(await t.server.api(`/projects/${project.id}`, { token: t.org.key }));
    expect(read).toMatchObject({ unitCount: 2, minPrice: 200, maxPrice: 300 });
    expect(read.units.map((unit: { price: number }) => unit.price)).toEqual([200, 300]);
  });
});
