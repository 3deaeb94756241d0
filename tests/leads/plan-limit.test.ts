import pg from "pg";
import { describe, expect, it } from "vitest";
import { seedOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { observeEvents } from "../support/observe-events";
import { body, expectError, leadsApi } from "./helpers";

const t = useApiTest({ organization: false });

describe("plan limit maxLeads", () => {
  it("refuses the lead over the limit with 403 FORBIDDEN naming maxLeads, and writes nothing", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: 2 });
    await observeEvents(t.db, org.id);
    const api = leadsApi(t.server, org.key);
    await body(await api.create({ email: "one@example.test" }), 201);
    await body(await api.create({ email: "two@example.test" }), 201);
    const counts = async () => ({
      leads: await t.db.lead.count({ where: { organizationId: org.id } }),
      activities: await t.db.leadActivity.count({ where: { organizationId: org.id } }),
      events: await t.db.webhookEvent.count({ where: { organizationId: org.id } }),
    });
    const before = await counts();

    const message = await expectError(await api.create({ email: "three@example.test" }), 403, "FORBIDDEN");
    expect(message).toContain("maxLeads");
    expect(message).toContain("2");
    expect(await counts()).toEqual(before);
  });

  it("the message follows the organization's language", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: 1, locale: "es" });
    const api = leadsApi(t.server, org.key);
    await body(await api.create({ email: "uno@example.test" }), 201);
    const message = await expectError(await api.create({ email: "dos@example.test" }), 403, "FORBIDDEN");
    expect(message).toMatch(/Límite del plan alcanzado: maxLeads/);
  });

  it("frees a slot when a lead is deleted", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: 1 });
    const api = leadsApi(t.server, org.key);
    const first = await body<{ id: string }>(await api.create({ email: "a@example.test" }), 201);
    await expectError(await api.create({ email: "b@example.test" }), 403, "FORBIDDEN");
    await body(await api.remove(first.id), 200);
    await body(await api.create({ email: "b@example.test" }), 201);
  });

  it("concurrent creations cannot exceed the limit together", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: 4 });
    await observeEvents(t.db, org.id);
    const api = leadsApi(t.server, org.key);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.create({ email: `race-${i}@example.test` })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 403)).toHaveLength(6);
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(4);
    expect(await t.db.webhookEvent.count({ where: { organizationId: org.id, type: "lead.created" } })).toBe(4);
  });

  it("stays exact when many creations race for the last slots, through the REST door", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: 12 });
    const api = leadsApi(t.server, org.key);
    for (let i = 0; i < 7; i++) await body(await api.create({ email: `before-${i}@example.test` }), 201);
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => api.create({ email: `burst-${i}@example.test` })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(25);
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(12);
  });

  it("does not lock the organization row: creation goes on while a settings change holds it", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: 5 });
    const api = leadsApi(t.server, org.key);
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      // What an UPDATE of the organization's settings holds until it commits.
      await holder.query("BEGIN");
      await holder.query(`SELECT id FROM "Organization" WHERE id = $1 FOR NO KEY UPDATE`, [org.id]);
      // Were the capacity check to lock the row, these would wait for the holder, which waits for them.
      await body(await api.create({ email: "while-held@example.test" }), 201);
      await Promise.all([1, 2].map(async (i) => body(await api.create({ email: `while-held-${i}@example.test` }), 201)));
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(3);
  });

  it("null means unlimited", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxLeads: null });
    const api = leadsApi(t.server, org.key);
    for (let i = 0; i < 3; i++) await body(await api.create({ email: `u${i}@example.test` }), 201);
  });
});
