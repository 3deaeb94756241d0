import { beforeAll, describe, expect, it } from "vitest";
import { seedApiKey, seedLead, seedMember, seedOAuthToken } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, query, type Activity, type Lead, type Page } from "./helpers";

const t = useApiTest();
let api: ReturnType<typeof leadsApi>;

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
});

async function timeline(leadId: string, params: Record<string, string | number> = {}) {
  return body<Page<Activity>>(await api.activities(leadId, Object.keys(params).length ? query(params) : ""), 200);
}

describe("POST /leads/{leadId}/notes", () => {
  it("answers 201 {id, leadId, content, createdAt} and adds a lead_event note", async () => {
    const lead = await api.createFull({ email: "note@example.test" });
    const note = await body<Record<string, unknown>>(await api.note(lead.id, { content: "  Prefers a ground floor  " }), 201);
    expect(Object.keys(note).sort()).toEqual(["content", "createdAt", "id", "leadId"]);
    expect(note).toMatchObject({ leadId: lead.id, content: "Prefers a ground floor" });
    expect(note.id).toMatch(/^act_[0-9a-z]{24}$/);
    const page = await timeline(lead.id);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      id: note.id,
      type: "note",
      activityScope: "lead_event",
      content: "Prefers a ground floor",
      changes: null,
      communicationType: null,
      communicationDirection: null,
    });
  });

  it("content is required, not blank, at most 5000 characters", async () => {
    const lead = await api.createFull({ email: "bounds@example.test" });
    await expectError(await api.note(lead.id, {}), 400, "VALIDATION_ERROR");
    await expectError(await api.note(lead.id, { content: "   " }), 400, "VALIDATION_ERROR");
    await expectError(await api.note(lead.id, { content: "x".repeat(5001) }), 400, "VALIDATION_ERROR");
    await body(await api.note(lead.id, { content: "x".repeat(5000) }), 201);
  });

  it("404 for an unknown lead", async () => {
    await expectError(await api.note("lead_" + "1".repeat(24), { content: "hi" }), 404, "NOT_FOUND");
  });
});

describe("POST /leads/{leadId}/communications", () => {
  it("answers 201 {id, leadId, type, direction, content, createdAt}, typed by the communication", async () => {
    const lead = await api.createFull({ email: "comm@example.test" });
    for (const type of ["call", "email", "meeting", "social_message"]) {
      const logged = await body<Record<string, unknown>>(
        await api.communication(lead.id, { type, direction: "inbound", content: `${type} logged` }),
        201,
      );
      expect(Object.keys(logged).sort()).toEqual(["content", "createdAt", "direction", "id", "leadId", "type"]);
      expect(logged).toMatchObject({ leadId: lead.id, type, direction: "inbound", content: `${type} logged` });
    }
    const page = await timeline(lead.id);
    expect(page.data.map((entry) => entry.type)).toEqual(["social_message", "meeting", "email", "call"]);
    expect(page.data[0]).toMatchObject({
      activityScope: "lead_event",
      communicationType: "social_message",
      communicationDirection: "inbound",
    });
  });

  it("content is optional (empty) and at most 5000; type and direction are required and closed", async () => {
    const lead = await api.createFull({ email: "comm2@example.test" });
    expect(await body(await api.communication(lead.id, { type: "call", direction: "outbound" }), 201)).toMatchObject({ content: "" });
    await expectError(await api.communication(lead.id, { type: "call", direction: "outbound", content: "x".repeat(5001) }), 400, "VALIDATION_ERROR");
    await expectError(await api.communication(lead.id, { direction: "outbound" }), 400, "VALIDATION_ERROR");
    await expectError(await api.communication(lead.id, { type: "call" }), 400, "VALIDATION_ERROR");
    await expectError(await api.communication(lead.id, { type: "sms", direction: "outbound" }), 400, "VALIDATION_ERROR");
    await expectError(await api.communication(lead.id, { type: "call", direction: "sideways" }), 400, "VALIDATION_ERROR");
  });
});

describe("GET /leads/{leadId}/activities", () => {
  let lead: Lead;

  beforeAll(async () => {
    lead = await api.createFull({ email: "feed@example.test" });
    for (let i = 1; i <= 25; i++) await body(await api.note(lead.id, { content: `note ${i}` }), 201);
    await body(await api.communication(lead.id, { type: "call", direction: "outbound" }), 201);
    await body(await api.update(lead.id, { status: "contacted" }), 200);
  });

  it("defaults: scope lead_event, newest first, limit 20, offset 0", async () => {
    const page = await timeline(lead.id);
    expect(page.pagination).toEqual({ total: 26, limit: 20, offset: 0, hasMore: true });
    expect(page.data[0]?.type).toBe("call");
    expect(page.data[1]?.content).toBe("note 25");
    expect(page.data.every((entry) => entry.activityScope === "lead_event")).toBe(true);
  });

  it("offset and limit page through; limit is 1..100", async () => {
    const second = await timeline(lead.id, { limit: 20, offset: 20 });
    expect(second.data.map((entry) => entry.content)).toEqual(["note 6", "note 5", "note 4", "note 3", "note 2", "note 1"]);
    expect(second.pagination.hasMore).toBe(false);
    expect((await timeline(lead.id, { limit: 100 })).data).toHaveLength(26);
    await expectError(await api.activities(lead.id, query({ limit: 101 })), 400, "VALIDATION_ERROR");
    await expectError(await api.activities(lead.id, query({ limit: 0 })), 400, "VALIDATION_ERROR");
  });

  it("activityScope system lists the recorded changes; all lists both; type narrows", async () => {
    // A new status moves the lead to its stage (one lead state): both entries.
    expect((await timeline(lead.id, { activityScope: "system" })).data.map((entry) => entry.type)).toEqual([
      "stage_changed",
      "status_changed",
      "updated",
      "created",
    ]);
    expect((await timeline(lead.id, { activityScope: "all" })).pagination.total).toBe(30);
    expect((await timeline(lead.id, { type: "call" })).pagination.total).toBe(1);
    expect((await timeline(lead.id, { activityScope: "system", type: "created" })).data).toHaveLength(1);
    expect((await timeline(lead.id, { type: "created" })).data).toHaveLength(0); // created is a system entry
    await expectError(await api.activities(lead.id, query({ type: "fax" })), 400, "VALIDATION_ERROR");
    await expectError(await api.activities(lead.id, query({ activityScope: "everything" })), 400, "VALIDATION_ERROR");
  });

  it("404 for an unknown lead", async () => {
    await expectError(await api.activities("lead_" + "2".repeat(24)), 404, "NOT_FOUND");
  });
});

describe("the user of an entry", () => {
  it("an API key: its id, `API key <name>`, no email or image", async () => {
    const { key, apiKey } = await seedApiKey(t.db, t.org.id, { name: "Zapier" });
    const keyed = leadsApi(t.server, key);
    const lead = await keyed.createFull({ email: "bykey@example.test" });
    await body(await keyed.note(lead.id, { content: "from a key" }), 201);
    const [entry] = (await timeline(lead.id)).data;
    expect(entry?.user).toEqual({ id: apiKey.id, name: "API key Zapier", email: null, image: null });
  });

  it("an OAuth connection: the member who owns it", async () => {
    const member = await seedMember(t.db, t.org.id, { name: "Olga Ortiz" });
    const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: member.userId });
    const lead = await api.createFull({ email: "byoauth@example.test" });
    await body(await leadsApi(t.server, token).note(lead.id, { content: "from oauth" }), 201);
    const [entry] = (await timeline(lead.id)).data;
    expect(entry?.user).toEqual({ id: member.userId, name: "Olga Ortiz", email: member.email, image: null });
  });

  it("the service itself: id system, name System", async () => {
    const lead = await seedLead(t.db, t.org.id);
    const [entry] = (await timeline(lead.id, { activityScope: "system" })).data;
    expect(entry?.user).toEqual({ id: "system", name: "System", email: null, image: null });
  });

  it("a member whose account was deleted: id null and the name they had", async () => {
    const member = await seedMember(t.db, t.org.id, { name: "Gone Member" });
    const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: member.userId });
    const lead = await api.createFull({ email: "orphan@example.test" });
    await body(await leadsApi(t.server, token).note(lead.id, { content: "soon orphaned" }), 201);
    await t.db.user.delete({ where: { id: member.userId } });
    const [entry] = (await timeline(lead.id)).data;
    expect(entry?.user).toEqual({ id: null, name: "Gone Member", email: null, image: null });
  });
});
