import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { body, leadsApi, type Page } from "./helpers";

/**
 * The lists whose total is a maintained count run as named prepared
 * statements (server/db/prepared-statements.ts): after five runs on a
 * connection PostgreSQL may keep one generic plan for every organization and
 * filter value. Calls one after another reuse the same pooled connection, so
 * these rounds run the same statements well past that point, between two
 * organizations of different sizes, with writes in between: every page and
 * total must still be exactly the organization's own.
 */
const t = useApiTest();
let other: { id: string; key: string };

beforeAll(async () => {
  other = await seedOrganization(t.db, { rateLimitExempt: true });
  const api = leadsApi(t.server, other.key);
  for (let i = 0; i < 3; i++) await body(await api.create({ firstName: `Otra ${i}`, email: `otra.${i}@example.test`, status: "won" }), 201);
});

type Listed = Page<{ id: string; status: string }>;

describe("lead lists served by a prepared statement", () => {
  it("stay exact per organization and filter over many rounds with creates and deletes between them", async () => {
    const mine = leadsApi(t.server, t.org.key);
    const theirs = leadsApi(t.server, other.key);
    const created: string[] = [];
    for (let round = 1; round <= 8; round++) {
      created.unshift((await body<{ id: string }>(await mine.create({ firstName: `Ronda ${round}`, email: `ronda.${round}@example.test` }), 201)).id);
      const page = await body<Listed>(await mine.list("?limit=3"), 200);
      expect(page.pagination.total).toBe(created.length);
      expect(page.data.map((lead) => lead.id)).toEqual(created.slice(0, 3));
      expect((await body<Listed>(await mine.list("?status=won"), 200)).pagination.total).toBe(0);

      const theirPage = await body<Listed>(await theirs.list("?limit=3"), 200);
      expect(theirPage.pagination.total).toBe(3);
      expect((await body<Listed>(await theirs.list("?status=won"), 200)).pagination.total).toBe(3);
      expect((await body<Listed>(await theirs.list("?status=new"), 200)).data).toEqual([]);
    }
    for (const id of created.splice(0, 4)) expect((await mine.remove(id)).status).toBeLessThan(300);
    const after = await body<Listed>(await mine.list("?limit=10"), 200);
    expect(after.pagination.total).toBe(4);
    expect(after.data.map((lead) => lead.id)).toEqual(created);
  });
});
