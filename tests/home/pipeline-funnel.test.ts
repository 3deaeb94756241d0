import { describe, expect, it } from "vitest";
import { sessionCaller } from "../dashboard/callers";
import { useApiTest } from "../support/api-test";
import { seedLead } from "../support/factories";

/**
 * The home funnel: every stage of the organization in the board's order (a
 * stage without leads too), each with its leads' count and value, and the
 * leads without a stage apart.
 */
const t = useApiTest({ server: false });

describe("home.pipelineFunnel", () => {
  it("lists every stage in order with its count and value, and the leads without a stage apart", async () => {
    const stages = await t.db.pipelineStage.findMany({ where: { organizationId: t.org.id }, orderBy: [{ order: "asc" }, { id: "asc" }] });
    expect(stages.length).toBeGreaterThan(2);
    const [first, second] = stages;
    await seedLead(t.db, t.org.id, { stageId: first!.id, estimatedValue: 100.5 });
    await seedLead(t.db, t.org.id, { stageId: first!.id, estimatedValue: 200 });
    await seedLead(t.db, t.org.id, { stageId: second!.id });
    const loose = await seedLead(t.db, t.org.id, { estimatedValue: 7 });
    await t.db.lead.update({ where: { id: loose.id }, data: { stageId: null } });

    const owner = await sessionCaller(t.db, t.org.ownerId, t.org.id);
    const funnel = await owner.home.pipelineFunnel({ period: "today" });
    expect(funnel.stages.map((s) => [s.stageId, s.color, s.kind])).toEqual(stages.map((s) => [s.id, s.color, s.stageKind]));
    expect(funnel.stages.every((s) => s.name.length > 0)).toBe(true);
    expect(funnel.stages[0]).toMatchObject({ count: 2, estimatedValue: 300.5 });
    expect(funnel.stages[1]).toMatchObject({ count: 1, estimatedValue: 0 });
    expect(funnel.stages.slice(2).every((s) => s.count === 0 && s.estimatedValue === 0)).toBe(true);
    expect(funnel.withoutStage).toEqual({ count: 1, estimatedValue: 7 });
  });
});
