import { beforeAll, describe, expect, it } from "vitest";
import { seedLead, seedMember, seedOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, query } from "./helpers";

const t = useApiTest();
let api: ReturnType<typeof leadsApi>;
const ids: Record<string, string> = {};
let owner: { userId: string; name: string; email: string };

interface Result {
  id: string;
  [field: string]: unknown;
}

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  owner = await seedMember(t.db, t.org.id, { name: "Owner Person" });
  const leads: [string, Record<string, unknown>][] = [
    ["jonathan", { firstName: "Jonathan", lastName: "Smith", email: "jsmith@northwind.test", company: "Northwind Homes", phone: "+52 55 1234 5678", assignedToId: owner.userId }],
    ["maria", { firstName: "María", lastName: "Fernández", email: "maria@sur.test", company: "Inmobiliaria Sur", phone: "(555) 010-2000" }],
    ["mariana", { firstName: "Mariana", lastName: "López", email: "mlopez@costa.test", company: "Costa Verde" }],
    ["smythe", { firstName: "Peter", lastName: "Smythe", email: "peter@smythe.test", phone: "020 7946 0000" }],
  ];
  for (const [key, fields] of leads) ids[key] = (await seedLead(t.db, t.org.id, fields)).id;
});

async function search(params: Record<string, string | number>) {
  return body<{ data: Result[] }>(await api.search(query(params)), 200);
}
const keysOf = (page: { data: Result[] }) => page.data.map((lead) => Object.entries(ids).find(([, id]) => id === lead.id)?.[0]);

describe("GET /leads/search: shape and rules", () => {
  it("answers {data: [search subset]} with assignedTo and stageName", async () => {
    const page = await search({ email: "jsmith@northwind.test" });
    expect(Object.keys(page)).toEqual(["data"]);
    expect(page.data).toHaveLength(1);
    const [result] = page.data;
    expect(Object.keys(result ?? {}).sort()).toEqual(
      ["id", "firstName", "lastName", "email", "phone", "company", "status", "source", "stageId", "stageName", "assignedTo", "createdAt"].sort(),
    );
    expect(result).toMatchObject({
      id: ids.jonathan,
      status: "new",
      stageName: "New",
      assignedTo: { id: owner.userId, name: "Owner Person", email: owner.email, image: null },
    });
  });

  it("requires at least one of email, phone, q (400 VALIDATION_ERROR)", async () => {
    const message = await expectError(await api.search(""), 400, "VALIDATION_ERROR");
    expect(message).toMatch(/at least one of email, phone or q/);
    await expectError(await api.search(query({ limit: 5 })), 400, "VALIDATION_ERROR");
  });

  it("limit is 1..50, default 10", async () => {
    await expectError(await api.search(query({ q: "smith", limit: 0 })), 400, "VALIDATION_ERROR");
    await expectError(await api.search(query({ q: "smith", limit: 51 })), 400, "VALIDATION_ERROR");
    for (let i = 0; i < 12; i++) await seedLead(t.db, t.org.id, { firstName: "Zelda", lastName: `Clone ${i}` });
    expect((await search({ q: "zelda" })).data).toHaveLength(10);
    expect((await search({ q: "zelda", limit: 50 })).data).toHaveLength(12);
    expect((await search({ q: "zelda", limit: 3 })).data).toHaveLength(3);
  });

  it("refuses a q shorter than 2 characters and a phone without digits", async () => {
    await expectError(await api.search(query({ q: "a" })), 400, "VALIDATION_ERROR");
    await expectError(await api.search(query({ phone: "abc" })), 400, "VALIDATION_ERROR");
  });
});

describe("email", () => {
  it("matches exactly, whatever the case of the query", async () => {
    expect(keysOf(await search({ email: "JSmith@Northwind.TEST" }))).toEqual(["jonathan"]);
    expect(keysOf(await search({ email: "jsmith@northwind" }))).toEqual([]);
  });
});

describe("phone (digits only)", () => {
  it("ignores formatting on both sides", async () => {
    expect(keysOf(await search({ phone: "+52 (55) 1234-5678" }))).toEqual(["jonathan"]);
    expect(keysOf(await search({ phone: "525512345678" }))).toEqual(["jonathan"]);
  });

  it("finds a stored number with a country code from the national number, and the reverse", async () => {
    expect(keysOf(await search({ phone: "55 1234 5678" }))).toEqual(["jonathan"]);
    expect(keysOf(await search({ phone: "+1 555 010 2000" }))).toEqual(["maria"]);
  });

  it("finds by the last digits", async () => {
    expect(keysOf(await search({ phone: "5678" }))).toEqual(["jonathan"]);
    expect(keysOf(await search({ phone: "0000" }))).toEqual(["smythe"]);
  });
});

describe("q (fuzzy)", () => {
  it("tolerates a typo and ranks the best match first", async () => {
    expect(keysOf(await search({ q: "Smith" }))).toEqual(["jonathan"]);
    expect(keysOf(await search({ q: "Smyth" }))[0]).toBe("smythe");
    expect(keysOf(await search({ q: "Jonahtan" }))).toEqual(["jonathan"]);
    expect(keysOf(await search({ q: "maria fernandez" }))).toEqual(["maria"]);
  });

  it("matches names, email and company; every word must match", async () => {
    expect(keysOf(await search({ q: "maria" }))[0]).toBe("maria");
    expect(keysOf(await search({ q: "maria" }))).toContain("mariana");
    expect(keysOf(await search({ q: "northwind" }))).toEqual(["jonathan"]);
    expect(keysOf(await search({ q: "costa verde" }))).toEqual(["mariana"]);
    expect(keysOf(await search({ q: "mariana smith" }))).toEqual([]);
  });

  it("combines with email and phone: all given criteria must match", async () => {
    expect(keysOf(await search({ q: "smith", phone: "5678" }))).toEqual(["jonathan"]);
    expect(keysOf(await search({ q: "smith", email: "maria@sur.test" }))).toEqual([]);
  });
});

describe("q: accents, prefixes and many matches", () => {
  it("ignores accents and case on both sides", async () => {
    for (const q of ["Fernandez", "fernández", "FERNÁNDEZ", "maria fernandez", "María Fernández"]) {
      expect(keysOf(await search({ q }))).toEqual(["maria"]);
    }
    expect(keysOf(await search({ q: "lopez" }))).toEqual(["mariana"]);
  });

  it("ranks leads whose words start with the query first, and returns the best of many matches newest first", { timeout: 240_000 }, async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = leadsApi(t.server, org.key);
    const named: Record<string, string> = {};
    named.ana = (await seedLead(t.db, org.id, { firstName: "Ana", lastName: "Torres", email: "ana@torres.test" })).id;
    for (let i = 0; i < 120; i++) {
      await seedLead(t.db, org.id, { firstName: "Luis", lastName: "Fernández", email: `luis${i}@rio.test` });
    }
    named.newest = (await seedLead(t.db, org.id, { firstName: "Paula", lastName: "Fernández", email: "paula@rio.test" })).id;
    named.mariana = (await seedLead(t.db, org.id, { firstName: "Mariana", lastName: "Ruiz", email: "mr@rio.test" })).id;

    const ana = await body<{ data: Result[] }>(await other.search(query({ q: "ana" })), 200);
    expect(ana.data.map((lead) => lead.id).slice(0, 2)).toEqual([named.ana, named.mariana]);

    const common = await body<{ data: Result[] }>(await other.search(query({ q: "Fernandez", limit: 50 })), 200);
    expect(common.data).toHaveLength(50);
    expect(common.data[0]!.id).toBe(named.newest);
    expect(common.data.every((lead) => lead.lastName === "Fernández")).toBe(true);
    // A typo still finds them.
    expect((await body<{ data: Result[] }>(await other.search(query({ q: "Fernandes" })), 200)).data[0]!.lastName).toBe("Fernández");
  });
});
