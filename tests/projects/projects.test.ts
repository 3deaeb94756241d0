import { describe, expect, it } from "vitest";
import { seedApiKey } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, PROJECT_ID, TIMESTAMP, UNIT_ID } from "./helpers";

const t = useApiTest();
const post = (json: unknown) => t.server.api("/projects", { token: t.org.key, method: "POST", json });
const put = (id: string, json: unknown) => t.server.api(`/projects/${id}`, { token: t.org.key, method: "PUT", json });
const get = (id: string) => t.server.api(`/projects/${id}`, { token: t.org.key });

async function createProject(json: Record<string, unknown> = {}): Promise<string> {
  const response = await post({ name: "Torre Norte", ...json });
  expect(response.status).toBe(201);
  return (await body(response)).id;
}

const FULL = {
  name: "Residencial Los Pinos",
  type: "apartment",
  promotora: "Constructora Andina",
  city: "Medellín",
  address: "Cra 43A #1-50",
  description: "Two towers with a shared garden.",
  country: "Colombia",
  state: "Antioquia",
  operationType: "sale_and_rent",
  currency: "cop",
  salePrice: 450000000.5,
  rentPrice: 2500000,
  bedrooms: 3,
  bathrooms: 2.5,
  parkingSpots: 1,
  builtArea: 85.25,
  lotArea: 0,
  status: "published",
  image: "https://cdn.example.test/pinos.jpg",
};

describe("POST /projects", () => {
  it("creates a draft from a name alone and answers the create subset with 201", async () => {
    const response = await post({ name: "  Torre Norte  " });
    expect(response.status).toBe(201);
    const created = await body(response);
    expect(Object.keys(created).sort()).toEqual(["city", "createdAt", "id", "name", "status", "type", "unitCount"]);
    expect(created).toMatchObject({ name: "Torre Norte", type: null, city: null, status: "draft", unitCount: 0 });
    expect(created.id).toMatch(PROJECT_ID);
    expect(created.createdAt).toMatch(TIMESTAMP);
  });

  it("stores every field and creates the initial units in order", async () => {
    const response = await post({
      ...FULL,
      units: [
        { name: "A-101", price: 400000000, type: "2 alcobas", area: 70 },
        { name: "A-102", price: 520000000, status: "reserved" },
        { name: "A-103", price: 480000000, area: null, type: "" },
      ],
    });
    expect(response.status).toBe(201);
    const created = await body(response);
    expect(created).toMatchObject({ type: "apartment", city: "Medellín", status: "published", unitCount: 3 });

    const project = await body(await get(created.id));
    expect(project).toMatchObject({
      ...FULL,
      id: created.id,
      currency: "COP",
      minPrice: 400000000,
      maxPrice: 520000000,
      unitCount: 3,
    });
    expect(project.units.map((u: { name: string }) => u.name)).toEqual(["A-101", "A-102", "A-103"]);
    const [first, second, third] = project.units;
    expect(Object.keys(first).sort()).toEqual(["area", "createdAt", "id", "leadId", "name", "photos", "price", "status", "type", "updatedAt"]);
    expect(first).toMatchObject({ price: 400000000, type: "2 alcobas", area: 70, status: "available" });
    expect(first.id).toMatch(UNIT_ID);
    expect(second.status).toBe("reserved");
    expect(third).toMatchObject({ type: null, area: null });
  });

  it("defaults currency to USD and leaves optional fields null", async () => {
    const project = await body(await get(await createProject()));
    expect(project).toMatchObject({
      currency: "USD",
      status: "draft",
      promotora: null,
      salePrice: null,
      bathrooms: null,
      image: null,
      minPrice: null,
      maxPrice: null,
      unitCount: 0,
      units: [],
    });
  });

  it.each([
    ["missing name", {}, "name"],
    ["blank name", { name: "   " }, "name"],
    ["name over 200 characters", { name: "x".repeat(201) }, "name"],
    ["unknown status", { name: "P", status: "sold_out" }, "status"],
    ["unknown type", { name: "P", type: "castle" }, "type"],
    ["unknown operationType", { name: "P", operationType: "lease" }, "operationType"],
    ["unknown currency", { name: "P", currency: "ABC" }, "currency"],
    ["currency of the wrong length", { name: "P", currency: "US" }, "currency"],
    ["negative sale price", { name: "P", salePrice: -1 }, "salePrice"],
    ["sale price with three decimals", { name: "P", salePrice: 10.555 }, "salePrice"],
    ["price sent as a string", { name: "P", salePrice: "1000" }, "salePrice"],
    ["price sent as a boolean", { name: "P", rentPrice: true }, "rentPrice"],
    ["fractional bedrooms", { name: "P", bedrooms: 2.5 }, "bedrooms"],
    ["bathrooms with two decimals", { name: "P", bathrooms: 2.25 }, "bathrooms"],
    ["negative built area", { name: "P", builtArea: -5 }, "builtArea"],
    ["image that is not a URL", { name: "P", image: "pinos.jpg" }, "image"],
    ["image with another scheme", { name: "P", image: "ftp://cdn.example.test/p.jpg" }, "image"],
    ["description over 10000 characters", { name: "P", description: "x".repeat(10_001) }, "description"],
    ["unit without a price", { name: "P", units: [{ name: "A" }] }, "units.0.price"],
    ["unit with a fractional price", { name: "P", units: [{ name: "A", price: 1.5 }] }, "units.0.price"],
  ])("400 VALIDATION_ERROR: %s", async (_label, json, path) => {
    const before = await t.db.project.count({ where: { organizationId: t.org.id } });
    const message = await expectError(await post(json), 400, "VALIDATION_ERROR");
    expect(message).toContain(`${path}: `);
    expect(await t.db.project.count({ where: { organizationId: t.org.id } })).toBe(before);
  });

  it("accepts bathrooms with one decimal, zero prices and an http image", async () => {
    const id = await createProject({ bathrooms: 1.5, salePrice: 0, image: "http://img.example.test/a.png" });
    expect(await body(await get(id))).toMatchObject({ bathrooms: 1.5, salePrice: 0, image: "http://img.example.test/a.png" });
  });

  it("403 FORBIDDEN without projects:write, naming the scope", async () => {
    const { key } = await seedApiKey(t.db, t.org.id, { scopes: ["projects:read"] });
    const message = await expectError(
      await t.server.api("/projects", { token: key, method: "POST", json: { name: "P" } }),
      403,
      "FORBIDDEN",
    );
    expect(message).toContain("projects:write");
    expect((await t.server.api("/projects", { token: key })).status).toBe(200);
  });
});

describe("minPrice and maxPrice", () => {
  it("come from the units when there are any", async () => {
    const id = await createProject({ salePrice: 1, units: [{ name: "A", price: 300 }, { name: "B", price: 200 }] });
    expect(await body(await get(id))).toMatchObject({ minPrice: 200, maxPrice: 300 });
  });

  it("fall back to salePrice, then rentPrice, then null", async () => {
    expect(await body(await get(await createProject({ salePrice: 900, rentPrice: 5 })))).toMatchObject({ minPrice: 900, maxPrice: 900 });
    expect(await body(await get(await createProject({ rentPrice: 5 })))).toMatchObject({ minPrice: 5, maxPrice: 5 });
    expect(await body(await get(await createProject()))).toMatchObject({ minPrice: null, maxPrice: null });
  });
});

describe("GET /projects/{projectId}", () => {
  it.each(["prj_doesnotexist0000000000000", "not-an-id", "unit_000000000000000000000000"])("404 NOT_FOUND for %s", async (id) => {
    await expectError(await get(id), 404, "NOT_FOUND");
  });
});

describe("PUT /projects/{projectId}", () => {
  it("changes the fields sent, clears fields sent as null and answers the full project with units", async () => {
    const id = await createProject({ city: "Bogotá", promotora: "Acme", salePrice: 100, units: [{ name: "U1", price: 5 }] });
    const before = await body(await get(id));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await put(id, { name: "Torre Sur", city: null, salePrice: null, status: "archived", currency: "eur" });
    expect(response.status).toBe(200);
    const updated = await body(response);
    expect(updated).toMatchObject({
      id,
      name: "Torre Sur",
      city: null,
      promotora: "Acme",
      salePrice: null,
      status: "archived",
      currency: "EUR",
      unitCount: 1,
    });
    expect(updated.units).toHaveLength(1);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    expect(await body(await get(id))).toEqual(updated);
  });

  it("accepts a read sent back with a change, ignoring read-only fields", async () => {
    const id = await createProject({ ...FULL, units: [{ name: "U1", price: 5 }] });
    const read = await body(await get(id));
    const response = await put(id, { ...read, name: "Renamed", unitCount: 99, units: [] });
    expect(response.status).toBe(200);
    const updated = await body(response);
    expect(updated).toMatchObject({ ...read, name: "Renamed", updatedAt: expect.any(String) });
    expect(updated.units).toHaveLength(1);
  });

  it.each([
    ["an empty body", {}],
    ["only read-only or unknown fields", { unitCount: 4, units: [], foo: 1 }],
    ["a null name", { name: null }],
    ["a null status", { status: null }],
    ["a null currency", { currency: null }],
    ["an unknown status", { status: "deleted" }],
  ])("400 VALIDATION_ERROR for %s", async (_label, json) => {
    const id = await createProject();
    await expectError(await put(id, json), 400, "VALIDATION_ERROR");
  });

  it("404 NOT_FOUND for an unknown or malformed id", async () => {
    await expectError(await put("prj_000000000000000000000000", { name: "X" }), 404, "NOT_FOUND");
    await expectError(await put("whatever", { name: "X" }), 404, "NOT_FOUND");
  });
});

describe("DELETE /projects/{projectId}", () => {
  it("deletes the project and every unit, answering {deleted: true, id}", async () => {
    const id = await createProject({ units: [{ name: "A", price: 1 }, { name: "B", price: 2 }] });
    const response = await t.server.api(`/projects/${id}`, { token: t.org.key, method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ deleted: true, id });
    await expectError(await get(id), 404, "NOT_FOUND");
    expect(await t.db.unit.count({ where: { projectId: id } })).toBe(0);
    await expectError(await t.server.api(`/projects/${id}`, { token: t.org.key, method: "DELETE" }), 404, "NOT_FOUND");
  });

  it("404 NOT_FOUND for a malformed id", async () => {
    await expectError(await t.server.api("/projects/42", { token: t.org.key, method: "DELETE" }), 404, "NOT_FOUND");
  });
});
