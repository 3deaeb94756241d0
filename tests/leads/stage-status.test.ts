import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { body, leadsApi, recordedLeadEvents, type Lead } from "./helpers";

/**
 * Moving a lead to a won or lost stage closes it, whichever door moves it
 * (the board only sends the stage): the rule lives on the server.
 */
const t = useApiTest({ observeEvents: true });
let api: ReturnType<typeof leadsApi>;
const stage = (systemKey: string) => t.db.pipelineStage.findFirstOrThrow({ where: { organizationId: t.org.id, systemKey } });

beforeAll(() => {
  api = leadsApi(t.server, t.org.key);
});

describe("stage moves and status", () => {
  it("a move to the won stage sets status won and emits lead.won", async () => {
    const lead = await api.createFull({ email: "won@example.test" });
    const won = await stage("won");
    const updated = await body<Lead>(await api.update(lead.id, { stageId: won.id }), 200);
    expect(updated).toMatchObject({ stageId: won.id, status: "won" });
    const events = (await recordedLeadEvents(t.db, t.org.id)).filter((e) => (e.body.data.lead as Lead | undefined)?.id === lead.id);
    expect(events.map((e) => e.type)).toContain("lead.won");
  });

  it("a move to a custom lost stage sets status lost", async () => {
    const lead = await api.createFull({ email: "lost@example.test" });
    const lostCustom = await t.db.pipelineStage.create({
      data: { organizationId: t.org.id, name: "Went elsewhere", color: "#991b1b", order: 99, stageKind: "lost" },
    });
    expect(await body<Lead>(await api.update(lead.id, { stageId: lostCustom.id }), 200)).toMatchObject({ status: "lost" });
  });

  it("an open stage leaves the status alone, and a status sent with the move wins", async () => {
    const lead = await api.createFull({ email: "open@example.test", status: "contacted" });
    const proposal = await stage("proposal");
    expect(await body<Lead>(await api.update(lead.id, { stageId: proposal.id }), 200)).toMatchObject({ status: "contacted" });
    const won = await stage("won");
    expect(await body<Lead>(await api.update(lead.id, { stageId: won.id, status: "negotiation" }), 200)).toMatchObject({
      stageId: won.id,
      status: "negotiation",
    });
  });
});
