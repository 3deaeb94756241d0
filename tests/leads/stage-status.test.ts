import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, recordedLeadEvents, type Lead } from "./helpers";

/**
 * One lead state: the stage is what a lead is in and the status is what the
 * stage stands for (server/pipeline/lead-state.ts). Whichever of the two a
 * door sends, the other follows, so they never disagree.
 */
const t = useApiTest({ observeEvents: true });
let api: ReturnType<typeof leadsApi>;
const stage = (systemKey: string) => t.db.pipelineStage.findFirstOrThrow({ where: { organizationId: t.org.id, systemKey } });
const eventsOf = async (leadId: string) =>
  (await recordedLeadEvents(t.db, t.org.id)).filter((e) => (e.body.data.lead as Lead | undefined)?.id === leadId).map((e) => e.type);

beforeAll(() => {
  api = leadsApi(t.server, t.org.key);
});

describe("one lead state", () => {
  it("every status has a stage of the default pipeline, in order, the closing ones last", async () => {
    const stages = await t.db.pipelineStage.findMany({ where: { organizationId: t.org.id }, orderBy: { order: "asc" } });
    expect(stages.map((s) => [s.systemKey, s.stageKind])).toEqual([
      ["new", "open"],
      ["contacted", "open"],
      ["qualified", "open"],
      ["proposal", "open"],
      ["negotiation", "open"],
      ["won", "won"],
      ["lost", "lost"],
      ["unqualified", "lost"],
    ]);
  });

  it("a new lead lands in the stage of its status, or takes the status of the stage it is sent to", async () => {
    expect(await api.createFull({ email: "plain@example.test" })).toMatchObject({ status: "new", stageId: (await stage("new")).id });
    expect(await api.createFull({ email: "contacted@example.test", status: "contacted" })).toMatchObject({
      stageId: (await stage("contacted")).id,
    });
    expect(await api.createFull({ email: "proposal@example.test", stageId: (await stage("proposal")).id })).toMatchObject({
      status: "proposal",
    });
  });

  it("a move to another stage sets the status it stands for; to the won stage it emits lead.won", async () => {
    const lead = await api.createFull({ email: "won@example.test" });
    const qualified = await stage("qualified");
    expect(await body<Lead>(await api.update(lead.id, { stageId: qualified.id }), 200)).toMatchObject({ status: "qualified" });
    const won = await stage("won");
    expect(await body<Lead>(await api.update(lead.id, { stageId: won.id }), 200)).toMatchObject({ stageId: won.id, status: "won" });
    // One write's events share its timestamp, so they are compared as a set.
    expect((await eventsOf(lead.id)).sort()).toEqual(["lead.created", "lead.stage_changed", "lead.stage_changed", "lead.updated", "lead.updated", "lead.won"]);
  });

  it("a new status moves the lead to the stage that stands for it (the issue's PUT status on a lead in Proposal)", async () => {
    const lead = await api.createFull({ email: "status@example.test", stageId: (await stage("proposal")).id });
    const updated = await body<Lead>(await api.update(lead.id, { status: "qualified" }), 200);
    expect(updated).toMatchObject({ status: "qualified", stageId: (await stage("qualified")).id, stageName: "Qualified" });
    const lost = await body<Lead>(await api.update(lead.id, { status: "lost" }), 200);
    expect(lost).toMatchObject({ status: "lost", stageId: (await stage("lost")).id });
    expect((await eventsOf(lead.id)).slice(-3).sort()).toEqual(["lead.lost", "lead.stage_changed", "lead.updated"]);
    const unqualified = await body<Lead>(await api.update(lead.id, { status: "unqualified" }), 200);
    expect(unqualified).toMatchObject({ status: "unqualified", stageId: (await stage("unqualified")).id });
  });

  it("a custom stage stands for won or lost by its kind, and an open one for the status of the stage before it", async () => {
    const lostCustom = await t.db.pipelineStage.create({
      data: { organizationId: t.org.id, name: "Went elsewhere", color: "#991b1b", order: 99, stageKind: "lost" },
    });
    const visit = await t.db.pipelineStage.create({
      data: { organizationId: t.org.id, name: "Visit booked", color: "#0ea5e9", order: 2, stageKind: "open" },
    });
    // Order 2 ties with Contacted; ordered before it by creation, Visit reads as the stage before (New).
    const lead = await api.createFull({ email: "custom@example.test", status: "contacted" });
    expect(await body<Lead>(await api.update(lead.id, { stageId: lostCustom.id }), 200)).toMatchObject({ status: "lost" });
    expect(await body<Lead>(await api.update(lead.id, { stageId: visit.id }), 200)).toMatchObject({ status: "new", stageId: visit.id });
    // Sending back the status it already has keeps it in the custom stage.
    expect(await body<Lead>(await api.update(lead.id, { status: "new", firstName: "Ana" }), 200)).toMatchObject({ stageId: visit.id });
    await t.db.pipelineStage.deleteMany({ where: { id: { in: [lostCustom.id, visit.id] } } });
  });

  it("a lead read with GET, changed in one of the two fields and sent back is accepted: the changed field wins", async () => {
    const lead = await api.createFull({ email: "roundtrip@example.test", status: "contacted" });
    const negotiation = await stage("negotiation");
    const { id: _id, ...readBack } = lead;
    const moved = await body<Lead>(await api.update(lead.id, { ...readBack, stageId: negotiation.id }), 200);
    expect(moved).toMatchObject({ status: "negotiation", stageId: negotiation.id });
    const { id: _again, ...readAgain } = moved;
    const restatused = await body<Lead>(await api.update(lead.id, { ...readAgain, status: "proposal" }), 200);
    expect(restatused).toMatchObject({ status: "proposal", stageId: (await stage("proposal")).id });
  });

  it("a status and a stage that disagree, or a stage cleared, are refused with nothing written", async () => {
    const lead = await api.createFull({ email: "refused@example.test" });
    const won = await stage("won");
    const message = await expectError(await api.update(lead.id, { stageId: won.id, status: "lost" }), 400, "VALIDATION_ERROR");
    expect(message).toMatch(/^status: the stage sent \(stageId\) stands for the status won, not lost/);
    expect(await expectError(await api.update(lead.id, { stageId: null }), 400, "VALIDATION_ERROR")).toMatch(/^stageId: a lead is always in a pipeline stage/);
    expect(await expectError(await api.create({ email: "both@example.test", stageId: won.id, status: "new" }), 400, "VALIDATION_ERROR")).toMatch(/^status:/);
    expect(await body<Lead>(await api.get(lead.id), 200)).toMatchObject({ status: "new", updatedAt: lead.updatedAt });
  });
});
