import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedMember } from "../support/factories";
import { body, leadsApi, type Page } from "./helpers";

/**
 * GET /leads?roundRobinId= and ?projectId=: the leads a pool assigned and the
 * leads linked to a project, as the speed-to-lead report's rows per pool and
 * per project link to them.
 */
const t = useApiTest();
let poolId: string;
let projectId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const agent = await seedMember(t.db, t.org.id, { name: "Lucía Ramírez" });
  const api = leadsApi(t.server, t.org.key);
  poolId = (await body<{ id: string }>(await t.server.api("/round-robin", { token: t.org.key, method: "POST", json: { name: "Ventas Norte", participantIds: [agent.userId] } }), 201)).id;
  projectId = (await body<{ id: string }>(await t.server.api("/projects", { token: t.org.key, method: "POST", json: { name: "Torre Mirador" } }), 201)).id;
  ids.pooled = (await body<{ id: string }>(await api.create({ firstName: "Mateo", email: "mateo.lopez@example.test", roundRobinId: poolId }), 201)).id;
  // Assigned by hand: the only pool would otherwise route them too.
  ids.project = (await body<{ id: string }>(await api.create({ firstName: "Sofía", email: "sofia.perez@example.test", projectId, assignedToId: agent.userId }), 201)).id;
  ids.neither = (await body<{ id: string }>(await api.create({ firstName: "Diego", email: "diego.torres@example.test", assignedToId: agent.userId }), 201)).id;
});

const listed = async (query: string) => (await body<Page<{ id: string }>>(await leadsApi(t.server, t.org.key).list(query), 200)).data.map((l) => l.id);

describe("lead list by pool and by project", () => {
  it("keeps the leads the pool assigned", async () => {
    expect(await listed(`?roundRobinId=${poolId}`)).toEqual([ids.pooled]);
  });

  it("keeps the leads linked to the project", async () => {
    expect(await listed(`?projectId=${projectId}`)).toEqual([ids.project]);
  });

  it("combines with the other filters and finds nothing for another pool", async () => {
    expect(await listed(`?roundRobinId=${poolId}&projectId=${projectId}`)).toEqual([]);
    expect(await listed("?roundRobinId=00000000-0000-4000-8000-000000000000")).toEqual([]);
  });

  it("totals only the leads the filter keeps, not the organization's", async () => {
    const total = async (query: string) => (await body<Page<{ id: string }>>(await leadsApi(t.server, t.org.key).list(query), 200)).pagination.total;
    expect(await total("")).toBe(3);
    expect(await total(`?roundRobinId=${poolId}`)).toBe(1);
    expect(await total(`?projectId=${projectId}`)).toBe(1);
    expect(await total(`?roundRobinId=${poolId}&projectId=${projectId}`)).toBe(0);
    expect(await total(`?projectId=${projectId}&status=new`)).toBe(1);
  });

  it("refuses a pool id that is not a uuid with 400 VALIDATION_ERROR", async () => {
    const response = await leadsApi(t.server, t.org.key).list("?roundRobinId=pool-1");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_ERROR");
  });
});
