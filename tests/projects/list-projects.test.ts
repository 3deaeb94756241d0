import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { body, expectError, type Json } from "./helpers";

const t = useApiTest();
const ids: Record<string, string> = {};

async function create(json: Record<string, unknown>) {
  const response = await t.server.api("/projects", { token: t.org.key, method: "POST", json });
  expect(response.status).toBe(201);
  return (await body(response)).id as string;
}

beforeAll(async () => {
  // Created one after the other so createdAt orders them: alpha oldest, echo newest.
  ids.alpha = await create({ name: "Alpha Towers", city: "Bogotá", type: "apartment", status: "published", promotora: "Norte SA" });
  ids.bravo = await create({ name: "Bravo Houses", city: "Medellín", type: "house", promotora: "Sur Constructora" });
  ids.charlie = await create({
    name: "Charlie Lofts",
    city: "Nueva Bogotá",
    type: "apartment",
    image: "https://img.example.test/c.jpg",
    units: [{ name: "1", price: 250 }, { name: "2", price: 100 }],
  });
  ids.delta = await create({ name: "Delta 100% Offices", city: "Cali", type: "office", status: "archived" });
  ids.echo = await create({ name: "Echo Land", type: "land", promotora: "BOGOTÁ Desarrollos" });
});

async function list(query = ""): Promise<Json> {
  const response = await t.server.api(`/projects${query}`, { token: t.org.key });
  expect(response.status).toBe(200);
  return body(response);
}

const names = (page: Json) => page.data.map((project: { name: string }) => project.name);

describe("GET /projects", () => {
  it("lists newest first with the shared pagination and the derived fields", async () => {
    const page = await list();
    expect(names(page)).toEqual(["Echo Land", "Delta 100% Offices", "Charlie Lofts", "Bravo Houses", "Alpha Towers"]);
    expect(page.pagination).toEqual({ total: 5, limit: 20, offset: 0, hasMore: false });
    const charlie = page.data.find((project: { id: string }) => project.id === ids.charlie);
    expect(charlie).toMatchObject({ unitCount: 2, minPrice: 100, maxPrice: 250, image: "https://img.example.test/c.jpg" });
    expect(charlie).not.toHaveProperty("units");
    expect(page.data.find((project: { id: string }) => project.id === ids.alpha)).toMatchObject({ unitCount: 0, image: null });
  });

  it("pages with limit and offset", async () => {
    const first = await list("?limit=2");
    expect(names(first)).toEqual(["Echo Land", "Delta 100% Offices"]);
    expect(first.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
    const last = await list("?limit=2&offset=4");
    expect(names(last)).toEqual(["Alpha Towers"]);
    expect(last.pagination).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false });
  });

  it("sorts ascending and by name", async () => {
    expect(names(await list("?sortOrder=asc"))[0]).toBe("Alpha Towers");
    expect(names(await list("?sortBy=name&sortOrder=asc"))).toEqual([
      "Alpha Towers",
      "Bravo Houses",
      "Charlie Lofts",
      "Delta 100% Offices",
      "Echo Land",
    ]);
  });

  it("query matches name, city or promotora, case-insensitively and partially", async () => {
    expect(names(await list("?query=bogot%C3%A1"))).toEqual(["Echo Land", "Charlie Lofts", "Alpha Towers"]);
    expect(names(await list("?query=LOFT"))).toEqual(["Charlie Lofts"]);
    expect(names(await list("?query=constructora"))).toEqual(["Bravo Houses"]);
  });

  it("treats % and _ in the query as plain characters", async () => {
    expect(names(await list("?query=100%25"))).toEqual(["Delta 100% Offices"]);
    expect(names(await list("?query=%25"))).toEqual(["Delta 100% Offices"]);
    expect(names(await list("?query=_"))).toEqual([]);
    expect(names(await list("?query=%5C"))).toEqual([]);
  });

  it("filters by type, status and city (partial, case-insensitive), combined with AND", async () => {
    expect(names(await list("?type=apartment"))).toEqual(["Charlie Lofts", "Alpha Towers"]);
    expect(names(await list("?status=archived"))).toEqual(["Delta 100% Offices"]);
    expect(names(await list("?status=draft")).length).toBe(3);
    expect(names(await list("?city=BOGO"))).toEqual(["Charlie Lofts", "Alpha Towers"]);
    expect(names(await list("?city=bogo&status=published"))).toEqual(["Alpha Towers"]);
    expect(names(await list("?query=&city="))).toHaveLength(5);
  });

  it.each([
    ["limit over 100", "?limit=101"],
    ["limit zero", "?limit=0"],
    ["negative offset", "?offset=-1"],
    ["unknown status", "?status=sold"],
    ["unknown type", "?type=castle"],
    ["unknown sort field", "?sortBy=price"],
    ["unknown sort order", "?sortOrder=up"],
  ])("400 VALIDATION_ERROR for %s", async (_label, query) => {
    await expectError(await t.server.api(`/projects${query}`, { token: t.org.key }), 400, "VALIDATION_ERROR");
  });

  it("accepts the maximum limit of 100", async () => {
    expect((await list("?limit=100")).pagination.limit).toBe(100);
  });
});
