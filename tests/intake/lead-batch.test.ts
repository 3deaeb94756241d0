import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { observeEvents } from "../support/observe-events";
import { body, leadsApi, recordedLeadEvents, type Json, type Lead } from "../leads/helpers";

const t = useApiTest({ organization: false });

interface Outcome {
  index: number;
  status: "created" | "updated" | "skipped" | "invalid";
  id?: string;
  error?: { code: string; message: string };
}

const batch = (token: string, json: Json) => t.server.api("/leads/batch", { token, method: "POST", json });

describe("POST /leads/batch", () => {
  it("writes each item on its own and answers an outcome per item", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    await t.db.organization.update({ where: { id: org.id }, data: { duplicatePolicy: "off" } });
    await observeEvents(t.db, org.id);
    const api = leadsApi(t.server, org.key);
    const existing = await api.createFull({ firstName: "Lucía", email: "lucia.fernandez@gmail.com", phone: "+52 33 1111 2222" });

    const { data } = await body<{ data: Outcome[] }>(
      await batch(org.key, {
        onDuplicate: "skip",
        leads: [
          { firstName: "Mateo", email: "mateo@example.test" },
          { firstName: "Sin contacto" },
          { email: "not-an-email" },
          { email: "LuciaFernandez+feria@gmail.com" },
          { phone: "+52 (33) 1111-2222", firstName: "Lucía F." },
          { phone: "+52 55 9999 0000", assignedToId: "00000000-0000-4000-8000-000000000000" },
        ],
      }),
      200,
    );
    expect(data.map((o) => [o.index, o.status])).toEqual([
      [0, "created"],
      [1, "invalid"],
      [2, "invalid"],
      [3, "skipped"],
      [4, "skipped"],
      [5, "invalid"],
    ]);
    expect(data[1]!.error!.code).toBe("VALIDATION_ERROR");
    expect(data[2]!.error!.message).toContain("email");
    expect(data[3]!.id).toBe(existing.id);
    expect(data[5]!.error!.code).toBe("VALIDATION_ERROR");
    const created = await api.get(data[0]!.id!);
    expect((await body<Lead>(created, 200)).email).toBe("mateo@example.test");
    const events = await recordedLeadEvents(t.db, org.id);
    expect(events.filter((e) => e.type === "lead.created")).toHaveLength(2);

    const updated = await body<{ data: Outcome[] }>(
      await batch(org.key, { onDuplicate: "update", matchOn: ["phone"], leads: [{ phone: "+523311112222", city: "Guadalajara" }] }),
      200,
    );
    expect(updated.data).toEqual([{ index: 0, status: "updated", id: existing.id }]);
    expect((await body<Lead>(await api.get(existing.id), 200)).city).toBe("Guadalajara");
  });

  it("is idempotent by externalId: a retried delivery creates nothing", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const leads = [
      { email: "portal-1@example.test", source: "website", externalId: "portal-uuid-1" },
      { email: "portal-2@example.test", source: "website", externalId: "portal-uuid-2" },
    ];
    const first = await body<{ data: Outcome[] }>(await batch(org.key, { leads }), 200);
    expect(first.data.map((o) => o.status)).toEqual(["created", "created"]);
    const again = await body<{ data: Outcome[] }>(await batch(org.key, { leads }), 200);
    expect(again.data).toEqual(first.data.map((o) => ({ ...o, status: "skipped" })));
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(2);
  });

  it("costs one request in the short windows and one monthly unit per created or updated lead", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: false, rateLimitPerMonth: 5 });
    const response = await batch(org.key, {
      onDuplicate: "skip",
      leads: [{ email: "q1@example.test" }, { email: "q2@example.test" }, { email: "q1@example.test" }, { firstName: "invalid" }],
    });
    const { data } = await body<{ data: Outcome[] }>(response, 200);
    expect(data.map((o) => o.status)).toEqual(["created", "created", "skipped", "invalid"]);
    const usage = await t.db.monthlyUsage.findMany({ where: { organizationId: org.id } });
    // The request itself (the REST door's unit is 0 for this operation) and two created leads.
    expect(usage.reduce((sum, row) => sum + row.units, 0)).toBe(2);

    const over = await body<{ data: Outcome[] }>(
      await batch(org.key, { leads: [1, 2, 3, 4].map((i) => ({ email: `over-${i}@example.test` })) }),
      200,
    );
    expect(over.data.map((o) => o.status)).toEqual(["created", "created", "created", "invalid"]);
    expect(over.data[3]!.error!.message).toMatch(/Monthly request quota/);
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(5);
  });

  it("refuses a request that is not a batch with the contract's envelope", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const empty = await batch(org.key, { leads: [] });
    expect(empty.status).toBe(400);
    const tooMany = await batch(org.key, { leads: Array.from({ length: 101 }, (_, i) => ({ email: `x${i}@example.test` })) });
    expect(tooMany.status).toBe(400);
    const badPolicy = await batch(org.key, { leads: [{ email: "a@example.test" }], onDuplicate: "merge" });
    expect(badPolicy.status).toBe(400);
    expect(await t.db.lead.count({ where: { organizationId: org.id } })).toBe(0);
  });
});
