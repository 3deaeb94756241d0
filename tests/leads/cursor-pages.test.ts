import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedLead, seedOrganization, type SeededOrganization } from "../support/factories";

/**
 * Cursor pages of GET /leads, through the REST door: a walk by cursor
 * returns every lead once in the list's order whatever is inserted meanwhile,
 * in every sort (empty values last), and combines with `updatedSince` for
 * polling; `offset` pages keep the contract's pagination.
 */

const t = useApiTest();

interface Page {
  data: { id: string; firstName: string | null; updatedAt: string }[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean; nextCursor: string | null };
}

async function page(org: SeededOrganization, query: string): Promise<Page> {
  const response = await t.server.api(`/leads?${query}`, { token: org.key });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/** Walks a list to its end by cursor, running `between` after the first page. */
async function walk(org: SeededOrganization, query: string, between?: () => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  let current = await page(org, query);
  ids.push(...current.data.map((lead) => lead.id));
  await between?.();
  while (current.pagination.hasMore) {
    current = await page(org, `limit=${current.pagination.limit}&cursor=${current.pagination.nextCursor}`);
    ids.push(...current.data.map((lead) => lead.id));
  }
  return ids;
}

async function orgWithLeads(): Promise<SeededOrganization> {
  const org = await seedOrganization(t.db, { rateLimitExempt: true });
  const names = ["Ana", null, "Bruno", "Carla", null, "Ana", "Diego", "Elena", "Bruno", "Fede", "Gala", null];
  for (const [index, firstName] of names.entries()) {
    await seedLead(t.db, org.id, { firstName, estimatedValue: index % 3 === 0 ? null : (index % 4) * 1000 });
  }
  // Several leads created in the same millisecond: ties are broken by id.
  await t.db.lead.updateMany({ where: { organizationId: org.id, firstName: "Bruno" }, data: { createdAt: new Date("2026-11-20T10:00:00.000Z") } });
  return org;
}

describe("GET /leads with cursor", () => {
  it("walks every lead once, in the offset order, for each sort with empty values last", async () => {
    const org = await orgWithLeads();
    for (const sort of ["", "sortBy=firstName&sortOrder=asc", "sortBy=firstName", "sortBy=estimatedValue", "sortBy=estimatedValue&sortOrder=asc", "sortBy=status&sortOrder=asc", "sortBy=createdAt&sortOrder=asc"]) {
      const whole = (await page(org, `limit=100&${sort}`)).data.map((lead) => lead.id);
      expect(whole).toHaveLength(12);
      expect(await walk(org, `limit=5&${sort}`), sort).toEqual(whole);
    }
  });

  it("is not shifted by leads created during the walk (an offset would repeat one)", async () => {
    const org = await orgWithLeads();
    const before = (await page(org, "limit=100")).data.map((lead) => lead.id);
    const walked = await walk(org, "limit=4", async () => {
      await seedLead(t.db, org.id, { firstName: "Nueva" });
      await seedLead(t.db, org.id, { firstName: "Otra" });
    });
    expect(walked).toEqual(before);
    const byOffset = [...(await page(org, "limit=4")).data, ...(await page(org, "limit=4&offset=4")).data];
    expect(new Set(byOffset.map((lead) => lead.id)).size).toBe(8);
  });

  it("keeps the contract's pagination on offset pages and adds nextCursor", async () => {
    const org = await orgWithLeads();
    const first = await page(org, "limit=5&offset=5");
    expect(first.pagination).toMatchObject({ total: 12, limit: 5, offset: 5, hasMore: true });
    expect(typeof first.pagination.nextCursor).toBe("string");
    const rest = await page(org, `limit=5&cursor=${first.pagination.nextCursor}`);
    expect(rest.pagination).toMatchObject({ total: 12, limit: 5, offset: 0, hasMore: false, nextCursor: null });
    expect(rest.data).toEqual((await page(org, "limit=5&offset=10")).data);
  });

  it("polls with updatedSince: the last ascending cursor returns only what changed since", async () => {
    const org = await orgWithLeads();
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const poll = `updatedSince=${encodeURIComponent(since)}&sortBy=updatedAt&sortOrder=asc&limit=5`;
    let current = await page(org, poll);
    const seen = current.data.map((lead) => lead.id);
    while (current.pagination.hasMore) {
      current = await page(org, `limit=5&updatedSince=${encodeURIComponent(since)}&cursor=${current.pagination.nextCursor}`);
      seen.push(...current.data.map((lead) => lead.id));
    }
    expect(seen).toHaveLength(12);
    const cursor = current.pagination.nextCursor;
    expect(cursor).not.toBeNull();
    expect((await page(org, `updatedSince=${encodeURIComponent(since)}&cursor=${cursor}`)).data).toEqual([]);

    const changed = seen[3]!;
    const put = await t.server.api(`/leads/${changed}`, { token: org.key, method: "PUT", json: { company: "Nueva S.A." } });
    expect(put.status).toBe(200);
    const next = await page(org, `updatedSince=${encodeURIComponent(since)}&cursor=${cursor}`);
    expect(next.data.map((lead) => lead.id)).toEqual([changed]);
  });

  it("refuses a malformed cursor, another list's cursor, and cursor with offset", async () => {
    const org = await orgWithLeads();
    const { pagination } = await page(org, "limit=2");
    for (const query of [`cursor=not-a-cursor`, `cursor=${Buffer.from('{"l":"events:asc","k":["1","2"]}').toString("base64url")}`, `offset=2&cursor=${pagination.nextCursor}`]) {
      const response = await t.server.api(`/leads?${query}`, { token: org.key });
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_ERROR");
    }
  });
});
