import { describe, expect, it } from "vitest";
import { seedOrganization, seedProject } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError } from "./helpers";

const t = useApiTest({ organization: false });
const create = (key: string, name: string, extra: Record<string, unknown> = {}) =>
  t.server.api("/projects", { token: key, method: "POST", json: { name, ...extra } });

describe("plan limit maxProjects", () => {
  it("403 FORBIDDEN once the limit is reached, naming the limit; nothing is created", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxProjects: 2 });
    expect((await create(org.key, "One")).status).toBe(201);
    expect((await create(org.key, "Two")).status).toBe(201);
    const message = await expectError(await create(org.key, "Three", { units: [{ name: "A", price: 1 }] }), 403, "FORBIDDEN");
    expect(message).toContain("maxProjects");
    expect(message).toContain("2");
    expect(await t.db.project.count({ where: { organizationId: org.id } })).toBe(2);
    expect(await t.db.unit.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("speaks the organization's language", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxProjects: 1, locale: "es" });
    await seedProject(t.db, org.id);
    const message = await expectError(await create(org.key, "Otro"), 403, "FORBIDDEN");
    expect(message).toMatch(/Límite del plan alcanzado: maxProjects/);
  });

  it("frees a slot when a project is deleted", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxProjects: 1 });
    const { id } = await body(await create(org.key, "First"));
    expect((await create(org.key, "Second")).status).toBe(403);
    expect((await t.server.api(`/projects/${id}`, { token: org.key, method: "DELETE" })).status).toBe(200);
    expect((await create(org.key, "Second")).status).toBe(201);
  });

  it("does not apply to an unlimited organization", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxProjects: null });
    for (let i = 0; i < 3; i++) await seedProject(t.db, org.id);
    expect((await create(org.key, "Fourth")).status).toBe(201);
  });

  it("concurrent creations never exceed the limit", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true, maxProjects: 3 });
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => create(org.key, `Race ${i}`)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 403, 403, 403, 403, 403, 403, 403]);
    expect(await t.db.project.count({ where: { organizationId: org.id } })).toBe(3);
  });
});
