import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../server/ids";
import { seedLead, seedOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, query, type Lead, type Page } from "./helpers";

const t = useApiTest();
let api: ReturnType<typeof leadsApi>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  const leads = [
    { key: "ana", firstName: "Ana", lastName: "García", email: "ana@casa.test", company: "Casa Azul", status: "new", source: "website", estimatedValue: 300 },
    { key: "bruno", firstName: "Bruno", lastName: "Díaz", email: "bruno@torre.test", company: "Torre 50% Sur", status: "contacted", source: "referral", estimatedValue: 100, phone: "+52 55 1234 5678" },
    { key: "carla", firstName: "Carla", lastName: "Núñez", email: "carla@casa.test", company: null, status: "won", source: "website", estimatedValue: null },
    { key: "dario", firstName: null, lastName: "Ortega", email: "dario@mar.test", company: "Mar y Sol", status: "new", source: "event", estimatedValue: 200, phone: "(555) 010-2000" },
    { key: "eva", firstName: "Eva", lastName: "Casanova", email: "eva_1@sierra.test", company: "Sierra", status: "lost", source: "other", estimatedValue: 50 },
  ];
  // Sequential, so createdAt follows this order.
  for (const { key, ...fields } of leads) {
    ids[key] = (await seedLead(t.db, t.org.id, fields)).id;
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
});

async function list(params: Record<string, string | number> = {}) {
  return body<Page<Lead>>(await api.list(Object.keys(params).length ? query(params) : ""), 200);
}
const keysOf = (page: Page<Lead>) => page.data.map((lead) => Object.entries(ids).find(([, id]) => id === lead.id)?.[0]);

describe("GET /leads pagination", () => {
  it("defaults: newest first, limit 20, offset 0", async () => {
    const page = await list();
    expect(keysOf(page)).toEqual(["eva", "dario", "carla", "bruno", "ana"]);
    // The contract's four fields, plus nextCursor (null on the last page of a descending list).
    expect(page.pagination).toEqual({ total: 5, limit: 20, offset: 0, hasMore: false, nextCursor: null });
    expect(page.data[0]).toHaveProperty("stageName", "Lost");
  });

  it("limit and offset page through with hasMore", async () => {
    const first = await list({ limit: 2 });
    expect(keysOf(first)).toEqual(["eva", "dario"]);
    expect(first.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true, nextCursor: expect.any(String) });
    const last = await list({ limit: 2, offset: 4 });
    expect(keysOf(last)).toEqual(["ana"]);
    expect(last.pagination.hasMore).toBe(false);
  });

  it("a page past the end is empty and still tells the total, with and without a counted filter", async () => {
    expect((await list({ offset: 50 })).pagination).toEqual({ total: 5, limit: 20, offset: 50, hasMore: false, nextCursor: null });
    const website = await list({ offset: 50, status: "new", source: "website" });
    expect(website.data).toEqual([]);
    expect(website.pagination.total).toBe(1);
    const byText = await list({ offset: 3, query: "casa" });
    expect(byText.data).toEqual([]);
    expect(byText.pagination.total).toBe(3);
  });

  it("sortOrder asc", async () => {
    expect(keysOf(await list({ sortOrder: "asc" }))).toEqual(["ana", "bruno", "carla", "dario", "eva"]);
  });

  it("refuses limits out of 1..100 and unknown sort values", async () => {
    await expectError(await api.list(query({ limit: 0 })), 400, "VALIDATION_ERROR");
    await expectError(await api.list(query({ limit: 101 })), 400, "VALIDATION_ERROR");
    await expectError(await api.list(query({ offset: -1 })), 400, "VALIDATION_ERROR");
    await expectError(await api.list(query({ sortBy: "phone" })), 400, "VALIDATION_ERROR");
    await expectError(await api.list(query({ sortOrder: "up" })), 400, "VALIDATION_ERROR");
    await expectError(await api.list(query({ status: "archived" })), 400, "VALIDATION_ERROR");
  });
});

describe("GET /leads sortBy", () => {
  it("firstName: empty values last in either direction", async () => {
    expect(keysOf(await list({ sortBy: "firstName", sortOrder: "asc" }))).toEqual(["ana", "bruno", "carla", "eva", "dario"]);
    expect(keysOf(await list({ sortBy: "firstName", sortOrder: "desc" }))).toEqual(["eva", "carla", "bruno", "ana", "dario"]);
  });

  it("estimatedValue numerically; company; email", async () => {
    expect(keysOf(await list({ sortBy: "estimatedValue", sortOrder: "desc" }))).toEqual(["ana", "dario", "bruno", "eva", "carla"]);
    expect(keysOf(await list({ sortBy: "company", sortOrder: "asc" }))).toEqual(["ana", "dario", "eva", "bruno", "carla"]);
    expect(keysOf(await list({ sortBy: "email", sortOrder: "asc" }))).toEqual(["ana", "bruno", "carla", "dario", "eva"]);
  });

  it("status and source tie-break by id, stably", async () => {
    const byStatus = await list({ sortBy: "status", sortOrder: "asc" });
    const statuses = byStatus.data.map((lead) => lead.status);
    expect(statuses).toEqual(["new", "new", "contacted", "won", "lost"]); // enum order
    const tied = byStatus.data.filter((lead) => lead.status === "new").map((lead) => lead.id);
    expect(tied).toEqual([...tied].sort());
    const again = await list({ sortBy: "status", sortOrder: "asc" });
    expect(again.data.map((lead) => lead.id)).toEqual(byStatus.data.map((lead) => lead.id));
    expect(keysOf(await list({ sortBy: "source", sortOrder: "asc", limit: 2 }))).toEqual(
      keysOf(await list({ sortBy: "source", sortOrder: "asc" })).slice(0, 2),
    );
  });
});

describe("GET /leads filters", () => {
  it("status and source", async () => {
    expect(keysOf(await list({ status: "new" }))).toEqual(["dario", "ana"]);
    expect(keysOf(await list({ source: "website" }))).toEqual(["carla", "ana"]);
    expect((await list({ status: "new", source: "event" })).pagination.total).toBe(1);
  });

  it("stageId and assignedToId (a member, or none for unassigned)", async () => {
    const stages = (await (await t.server.api("/pipeline/stages", { token: t.org.key })).json()) as {
      data: { id: string; systemKey: string | null }[];
    };
    const negotiation = stages.data.find((stage) => stage.systemKey === "negotiation");
    expect(negotiation).toBeTruthy();
    const update = (id: string, json: Record<string, unknown>) =>
      t.server.api(`/leads/${id}`, { token: t.org.key, method: "PUT", json });
    expect((await update(ids.bruno!, { stageId: negotiation!.id, assignedToId: t.org.ownerId })).status).toBe(200);
    expect((await update(ids.eva!, { assignedToId: t.org.ownerId })).status).toBe(200);

    expect(keysOf(await list({ stageId: negotiation!.id }))).toEqual(["bruno"]);
    expect(keysOf(await list({ assignedToId: t.org.ownerId }))).toEqual(["eva", "bruno"]);
    expect(keysOf(await list({ assignedToId: t.org.ownerId, stageId: negotiation!.id }))).toEqual(["bruno"]);
    expect(keysOf(await list({ assignedToId: "none" }))).toEqual(["dario", "carla", "ana"]);
    await expectError(await api.list(query({ assignedToId: "someone" })), 400, "VALIDATION_ERROR");

    // Leave the fixtures as the other tests expect them.
    await update(ids.bruno!, { assignedToId: null });
    await update(ids.eva!, { assignedToId: null });
  });

  it("query matches first name, last name, email and company, case-insensitively", async () => {
    expect(keysOf(await list({ query: "ANA" }))).toEqual(["ana"]);
    expect(keysOf(await list({ query: "CASA" }))).toEqual(["eva", "carla", "ana"]); // Casanova; casa.test; Casa Azul
    expect(keysOf(await list({ query: "ortega" }))).toEqual(["dario"]);
    expect(keysOf(await list({ query: "casa.test" }))).toEqual(["carla", "ana"]);
    expect(keysOf(await list({ query: "mar y" }))).toEqual(["dario"]);
  });

  it("query ignores accents on both sides", async () => {
    expect(keysOf(await list({ query: "garcia" }))).toEqual(["ana"]);
    expect(keysOf(await list({ query: "NUÑEZ" }))).toEqual(["carla"]);
    expect(keysOf(await list({ query: "nunez" }))).toEqual(["carla"]);
    expect(keysOf(await list({ query: "díaz torre" }))).toEqual(["bruno"]);
    expect((await list({ query: "garcia" })).pagination.total).toBe(1);
  });

  it("every word must match somewhere (first and last name in different columns)", async () => {
    expect(keysOf(await list({ query: "ana garcía" }))).toEqual(["ana"]);
    expect(keysOf(await list({ query: "ana ortega" }))).toEqual([]);
  });

  it("a phone-shaped query matches phone digits whatever the formatting", async () => {
    expect(keysOf(await list({ query: "55-1234-5678" }))).toEqual(["bruno"]);
    expect(keysOf(await list({ query: "010 2000" }))).toEqual(["dario"]);
  });

  it("LIKE wildcards in the query are literal characters", async () => {
    expect(keysOf(await list({ query: "50%" }))).toEqual(["bruno"]);
    expect(keysOf(await list({ query: "eva_" }))).toEqual(["eva"]);
    expect(keysOf(await list({ query: "%" }))).toEqual(["bruno"]);
  });
});

describe("GET /leads?updatedSince= (polling)", () => {
  it("keeps leads created or changed at or after the time, oldest change first with sortBy=updatedAt", async () => {
    const all = await list({ limit: 100 });
    const newest = all.data.map((lead) => lead.updatedAt).sort().at(-1)!;
    const mark = new Date(new Date(newest).getTime() + 5).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await api.update(ids.bruno!, { company: "Torre Norte" })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3));
    expect((await api.update(ids.ana!, { company: "Casa Verde" })).status).toBe(200);

    const changed = await list({ updatedSince: mark, sortBy: "updatedAt", sortOrder: "asc" });
    expect(keysOf(changed)).toEqual(["bruno", "ana"]);
    expect(changed.pagination.total).toBe(2);
    expect(changed.data.every((lead) => lead.updatedAt >= mark)).toBe(true);
    expect(keysOf(await list({ updatedSince: changed.data[1]!.updatedAt }))).toEqual(["ana"]);
    expect(keysOf(await list({ updatedSince: "2099-01-01T00:00:00+02:00" }))).toEqual([]);
  });

  it("refuses a time that is not ISO 8601", async () => {
    await expectError(await api.list(query({ updatedSince: "yesterday" })), 400, "VALIDATION_ERROR");
    await expectError(await api.list(query({ updatedSince: "2026-13-01T00:00:00Z" })), 400, "VALIDATION_ERROR");
  });
});

describe("route precedence", () => {
  it("/leads/search is the search endpoint, never a lead called 'search'", async () => {
    await expectError(await api.search(""), 400, "VALIDATION_ERROR");
    const response = await t.server.api("/leads/search", { token: t.org.key, method: "PUT", json: { firstName: "x" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("deep pages", () => {
  it("pages past 1,000 rows have the same order as the whole sorted list", async () => {
    const big = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: null });
    const base = Date.now();
    await t.db.lead.createMany({
      data: Array.from({ length: 1_030 }, (_, i) => ({
        id: newId("lead"),
        organizationId: big.id,
        email: `deep-${i}@example.test`,
        firstName: `Name ${String(i % 97).padStart(2, "0")}`,
        // Pairs of equal timestamps exercise the id tie-break.
        createdAt: new Date(base - Math.floor(i / 2) * 1000),
      })),
    });
    const bigApi = leadsApi(t.server, big.key);
    for (const [sortBy, sortOrder] of [["createdAt", "desc"], ["createdAt", "asc"], ["firstName", "asc"]] as const) {
      const all = await t.db.lead.findMany({
        where: { organizationId: big.id },
        orderBy: [sortBy === "firstName" ? { firstName: { sort: sortOrder, nulls: "last" } } : { createdAt: sortOrder }, { id: sortOrder }],
        select: { id: true },
      });
      const page = await body<Page<Lead>>(await bigApi.list(query({ sortBy, sortOrder, offset: 1_005, limit: 20 })), 200);
      expect(page.data.map((lead) => lead.id)).toEqual(all.slice(1_005, 1_025).map((row) => row.id));
      expect(page.pagination).toEqual({ total: 1_030, limit: 20, offset: 1_005, hasMore: true, nextCursor: expect.any(String) });
      expect(page.data[0]).toHaveProperty("stageName");
    }
  });
});
