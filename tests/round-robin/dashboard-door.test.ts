import { describe, expect, it } from "vitest";
import { rejection, sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { roundRobinApi, seedMembers, type Json } from "./helpers";

const t = useApiTest();
const rr = roundRobinApi(t);

describe("the routing pages' procedures (dashboard door)", () => {
  it("serve the same pools, a lead's routing and the 30-day chart; another organization's pool is not found", async () => {
    const [a, b] = await seedMembers(t, 2);
    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const created = await owner.roundRobin.create({ name: "From the dashboard", participantIds: [a!.userId, b!.userId] });
    expect(created.createdBy).toBe(t.org.ownerId);
    const lead: Json = await (await rr.createLead({ email: "dash@example.test", roundRobinId: created.id })).json();

    const routing = await owner.roundRobin.leadRouting({ leadId: lead.id });
    expect(routing).toMatchObject({ roundRobinId: created.id, poolName: "From the dashboard", turnOrder: 1 });
    expect(JSON.parse(routing!.metadata!)).toMatchObject({ reason: "explicit_pool" });
    expect(await owner.roundRobin.assignmentsChart({ roundRobinId: created.id })).toEqual([{ userId: a!.userId, name: expect.any(String), count: 1 }]);
    const list = await owner.roundRobin.list({});
    expect(list.data[0]).toMatchObject({ id: created.id, createdByName: expect.any(String), assignmentCount: 1 });

    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const [stranger] = await seedMembers(t, 1, other.id);
    const foreign = await roundRobinApi(t, () => other.key).createPool({ participantIds: [stranger!.userId] });
    expect((await rejection(owner.roundRobin.assignmentsChart({ roundRobinId: foreign }))).code).toBe("NOT_FOUND");
    expect((await rejection(owner.roundRobin.get({ roundRobinId: foreign }))).code).toBe("NOT_FOUND");
  });
});
