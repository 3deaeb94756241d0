import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";
import { bulkInsertLeads, expectError, seedCallableLeads, sequencesApi, THROTTLE, TIMESTAMP, type Json } from "./helpers";

const t = useApiTest();
const api = sequencesApi(t);

const MESSAGES = {
  edit: "Only draft sequences can be edited",
  delete: "Only draft sequences can be deleted; launched sequences keep their contact history",
  launch: "Only draft sequences can be launched",
  empty: "No eligible leads match this sequence's criteria",
  tooLarge: "Audience too large (over 5000 eligible leads). Narrow the criteria before launching.",
  pause: "Only running sequences can be paused",
  resume: "Only paused sequences can be resumed",
};

beforeAll(async () => {
  await seedCallableLeads(t.db, t.org.id, 3, { status: "new", source: "website", score: 80 });
  await seedCallableLeads(t.db, t.org.id, 2, { status: "contacted", source: "referral", score: 20 });
  await seedCallableLeads(t.db, t.org.id, 1, { status: "new", phone: null });
});

describe("POST /sequences and reads", () => {
  it("creates a draft (201 {id}) with the spec's fields, trimmed name and default channel", async () => {
    const response = await api.create({ name: "  Spring calls ", criteria: { statuses: ["new"] }, throttle: THROTTLE });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as Json;
    expect(id).toMatch(/^seq_[0-9a-z]{24}$/);
    const read: Json = await (await api.get(id)).json();
    expect(Object.keys(read).sort()).toEqual(
      ["channel", "channelConfig", "completedAt", "createdAt", "createdBy", "criteria", "id", "name", "organizationId", "progress", "startedAt", "status", "throttle", "updatedAt"].sort(),
    );
    expect(read).toMatchObject({
      id,
      organizationId: t.org.id,
      name: "Spring calls",
      channel: "call",
      status: "draft",
      criteria: { statuses: ["new"] },
      channelConfig: { dialer: "task" },
      throttle: THROTTLE,
      createdBy: null,
      startedAt: null,
      completedAt: null,
      progress: { total: 0, pending: 0, inProgress: 0, sent: 0, failed: 0, skipped: 0, called: 0 },
    });
    expect(read.createdAt).toMatch(TIMESTAMP);
  });

  it.each([
    ["empty name", { name: "   " }],
    ["long name", { name: "x".repeat(121) }],
    ["channel whatsapp", { channel: "whatsapp" }],
    ["unknown status", { criteria: { statuses: ["hot"] } }],
    ["unknown source", { criteria: { sources: ["tv"] } }],
    ["minScore 101", { criteria: { minScore: 101 } }],
    ["minScore -1", { criteria: { minScore: -1 } }],
    ["stage id not uuid", { criteria: { stageIds: ["x"] } }],
    ["unknown stage", { criteria: { stageIds: ["00000000-0000-4000-8000-000000000000"] } }],
    ["maxPerMinute 0", { throttle: { ...THROTTLE, maxPerMinute: 0 } }],
    ["maxPerMinute 61", { throttle: { ...THROTTLE, maxPerMinute: 61 } }],
    ["hours 9:00", { throttle: { ...THROTTLE, businessHoursStart: "9:00" } }],
    ["hours 24:00", { throttle: { ...THROTTLE, businessHoursEnd: "24:00" } }],
    ["overnight window", { throttle: { ...THROTTLE, businessHoursStart: "22:00", businessHoursEnd: "06:00" } }],
    ["unknown zone", { throttle: { ...THROTTLE, timezone: "Mars/Olympus" } }],
    ["zone too long", { throttle: { ...THROTTLE, timezone: "A".repeat(65) } }],
    ["no weekdays", { throttle: { ...THROTTLE, weekdays: [] } }],
    ["weekday 8", { throttle: { ...THROTTLE, weekdays: [8] } }],
    ["weekday 0", { throttle: { ...THROTTLE, weekdays: [0] } }],
    ["missing throttle field", { throttle: { maxPerMinute: 10 } }],
    ["missing criteria", { criteria: undefined }],
    ["missing throttle", { throttle: undefined }],
  ])("refuses %s with 400 VALIDATION_ERROR", async (_label, change) => {
    const response = await api.create({ name: "Calls", criteria: {}, throttle: THROTTLE, ...change });
    await expectError(response, 400, "VALIDATION_ERROR");
  });

  it("accepts stage ids of the organization", async () => {
    const stage = await t.db.pipelineStage.findFirstOrThrow({ where: { organizationId: t.org.id } });
    const response = await api.create({ name: "Stage", criteria: { stageIds: [stage.id] }, throttle: THROTTLE });
    expect(response.status).toBe(201);
  });

  it("lists newest first with progress, filters by status, refuses an unknown status", async () => {
    const first = await api.createSequence({ name: "First" });
    const second = await api.createSequence({ name: "Second" });
    const body: Json = await (await api.list()).json();
    const ids = body.data.map((s: Json) => s.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(body.data[0].progress).toBeDefined();
    const drafts: Json = await (await api.list("?status=draft")).json();
    expect(drafts.data.every((s: Json) => s.status === "draft")).toBe(true);
    expect((await (await api.list("?status=running")).json()).data.some((s: Json) => s.id === first)).toBe(false);
    await expectError(await api.list("?status=archived"), 400, "VALIDATION_ERROR");
  });

  it("answers 404 NOT_FOUND for unknown, malformed and foreign ids on every route", async () => {
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const foreign = await sequencesApi(t, () => other.key).createSequence();
    for (const id of [foreign, "seq_000000000000000000000000", "nope"]) {
      await expectError(await api.get(id), 404, "NOT_FOUND");
      await expectError(await api.patch(id, { name: "x" }), 404, "NOT_FOUND");
      await expectError(await api.remove(id), 404, "NOT_FOUND");
      await expectError(await api.launch(id), 404, "NOT_FOUND");
      await expectError(await api.pause(id), 404, "NOT_FOUND");
      await expectError(await api.resume(id), 404, "NOT_FOUND");
    }
    expect((await (await api.list()).json()).data.some((s: Json) => s.id === foreign)).toBe(false);
  });
});

describe("POST /sequences/preview-audience", () => {
  it("counts callable leads matching every criterion, and creates nothing", async () => {
    const before = await t.db.sequence.count();
    const count = async (criteria: unknown) => ((await (await api.preview(criteria)).json()) as Json).count;
    expect(await count({})).toBe(5);
    expect(await count({ statuses: ["new"] })).toBe(3);
    expect(await count({ sources: ["referral"] })).toBe(2);
    expect(await count({ minScore: 50 })).toBe(3);
    expect(await count({ minScore: 20, statuses: ["contacted"] })).toBe(2);
    expect(await count({ statuses: ["won"] })).toBe(0);
    expect(await t.db.sequence.count()).toBe(before);
    await expectError(await api.preview({ minScore: 200 }), 400, "VALIDATION_ERROR");
  });
});

describe("state machine", () => {
  it("PATCH replaces criteria and throttle in a draft; channel other than call is refused", async () => {
    const id = await api.createSequence({ criteria: { statuses: ["new"], minScore: 10 } });
    const response = await api.patch(id, { name: " Renamed ", criteria: { sources: ["website"] }, throttle: { ...THROTTLE, maxPerMinute: 5 } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id });
    const read: Json = await (await api.get(id)).json();
    expect(read).toMatchObject({ name: "Renamed", criteria: { sources: ["website"] }, throttle: { maxPerMinute: 5 } });
    expect(read.criteria.statuses).toBeUndefined();
    await expectError(await api.patch(id, { channel: "email" }), 400, "VALIDATION_ERROR");
    expect((await api.patch(id, { channel: "call" })).status).toBe(200);
  });

  it("walks draft → running → paused → running, refusing every other action with the spec's messages", async () => {
    const id = await api.createSequence();
    // draft
    expect(await expectError(await api.pause(id), 400, "BAD_REQUEST")).toBe(MESSAGES.pause);
    expect(await expectError(await api.resume(id), 400, "BAD_REQUEST")).toBe(MESSAGES.resume);
    const launched = await api.launch(id);
    expect(launched.status).toBe(200);
    expect(await launched.json()).toEqual({ id, enqueued: 5 });
    // running
    const running: Json = await (await api.get(id)).json();
    expect(running.status).toBe("running");
    expect(running.startedAt).toMatch(TIMESTAMP);
    expect(running.progress).toEqual({ total: 5, pending: 5, inProgress: 0, sent: 0, failed: 0, skipped: 0, called: 0 });
    expect(await expectError(await api.patch(id, { name: "x" }), 400, "BAD_REQUEST")).toBe(MESSAGES.edit);
    expect(await expectError(await api.remove(id), 400, "BAD_REQUEST")).toBe(MESSAGES.delete);
    expect(await expectError(await api.launch(id), 400, "BAD_REQUEST")).toBe(MESSAGES.launch);
    expect(await expectError(await api.resume(id), 400, "BAD_REQUEST")).toBe(MESSAGES.resume);
    expect((await api.pause(id)).status).toBe(200);
    // paused
    expect((await (await api.get(id)).json()).status).toBe("paused");
    expect(await expectError(await api.patch(id, { name: "x" }), 400, "BAD_REQUEST")).toBe(MESSAGES.edit);
    expect(await expectError(await api.remove(id), 400, "BAD_REQUEST")).toBe(MESSAGES.delete);
    expect(await expectError(await api.launch(id), 400, "BAD_REQUEST")).toBe(MESSAGES.launch);
    expect(await expectError(await api.pause(id), 400, "BAD_REQUEST")).toBe(MESSAGES.pause);
    const resumed = await api.resume(id);
    expect(await resumed.json()).toEqual({ id });
    expect((await (await api.get(id)).json()).status).toBe("running");
  });

  it("completed refuses every action", async () => {
    const id = await api.createSequence();
    await t.db.sequence.update({ where: { id }, data: { status: "completed", completedAt: new Date() } });
    expect(await expectError(await api.patch(id, { name: "x" }), 400, "BAD_REQUEST")).toBe(MESSAGES.edit);
    expect(await expectError(await api.remove(id), 400, "BAD_REQUEST")).toBe(MESSAGES.delete);
    expect(await expectError(await api.launch(id), 400, "BAD_REQUEST")).toBe(MESSAGES.launch);
    expect(await expectError(await api.pause(id), 400, "BAD_REQUEST")).toBe(MESSAGES.pause);
    expect(await expectError(await api.resume(id), 400, "BAD_REQUEST")).toBe(MESSAGES.resume);
  });

  it("DELETE removes a draft", async () => {
    const id = await api.createSequence();
    const response = await api.remove(id);
    expect(await response.json()).toEqual({ deleted: true, id });
    await expectError(await api.get(id), 404, "NOT_FOUND");
  });

  it("launch with an empty audience stays a draft", async () => {
    const id = await api.createSequence({ criteria: { statuses: ["won"] } });
    expect(await expectError(await api.launch(id), 400, "BAD_REQUEST")).toBe(MESSAGES.empty);
    expect((await (await api.get(id)).json()).status).toBe("draft");
  });

  it("launch over 5000 eligible leads is refused and enrols nothing; 5000 exactly launches", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = sequencesApi(t, () => org.key);
    await bulkInsertLeads(t.db, org.id, 5001);
    const id = await other.createSequence();
    expect(await expectError(await other.launch(id), 400, "BAD_REQUEST")).toBe(MESSAGES.tooLarge);
    expect(await t.db.sequenceContact.count({ where: { sequenceId: id } })).toBe(0);
    expect((await (await other.get(id)).json()).status).toBe("draft");
    await t.db.$executeRaw`UPDATE "Lead" SET "doNotCall" = true WHERE "id" = (SELECT "id" FROM "Lead" WHERE "organizationId" = ${org.id}::uuid LIMIT 1)`;
    // That the launch enrols them with set-based statements, not one per lead: tests/sequences/launch-statements.test.ts.
    expect(await (await other.launch(id)).json()).toEqual({ id, enqueued: 5000 });
  });
});

describe("monthly quota", () => {
  it("charges one unit per enrolled contact, shown in X-RateLimit-Monthly-Remaining", async () => {
    const org = await seedOrganization(t.db, { rateLimitPerSecond: 1000, rateLimitPerMinute: 1000, rateLimitPerMonth: 100 });
    const other = sequencesApi(t, () => org.key);
    await seedCallableLeads(t.db, org.id, 4);
    const id = await other.createSequence();
    const response = await other.launch(id);
    expect(await response.json()).toEqual({ id, enqueued: 4 });
    // 1 unit for the create, 4 for the launch.
    expect(response.headers.get("X-RateLimit-Monthly-Remaining")).toBe("95");
  });

  it("refuses with 429 and Retry-After when the quota cannot cover the enrolment; nothing is enrolled", async () => {
    const org = await seedOrganization(t.db, { rateLimitPerSecond: 1000, rateLimitPerMinute: 1000, rateLimitPerMonth: 4 });
    const other = sequencesApi(t, () => org.key);
    await seedCallableLeads(t.db, org.id, 4);
    const id = await other.createSequence();
    const response = await other.launch(id);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    await expectError(response, 429, "BAD_REQUEST");
    expect(await t.db.sequenceContact.count({ where: { sequenceId: id } })).toBe(0);
    expect((await t.db.sequence.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
  });
});

describe("lead doNotCall (extension)", () => {
  it("is a lead field on create, read and update; marked leads are not in the audience", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const other = sequencesApi(t, () => org.key);
    const created: Json = await (await other.call("/leads", { method: "POST", json: { phone: "+1 555 0100", doNotCall: true } })).json();
    expect(created.id).toMatch(/^lead_/);
    const read: Json = await (await other.call(`/leads/${created.id}`)).json();
    expect(read.doNotCall).toBe(true);
    expect((await (await other.preview({})).json()).count).toBe(0);
    const updated = await other.call(`/leads/${created.id}`, { method: "PUT", json: { doNotCall: false } });
    expect(updated.status).toBe(200);
    expect((await (await other.preview({})).json()).count).toBe(1);
    await expectError(await other.call("/leads", { method: "POST", json: { phone: "+1 555 0101", doNotCall: "yes" } }), 400, "VALIDATION_ERROR");
  });
});
