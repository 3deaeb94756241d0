import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOrganization } from "../support/factories";
import { expectError, roundRobinApi, seedMembers, TIMESTAMP, UUID, type Json } from "./helpers";

const t = useApiTest();
const rr = roundRobinApi(t);
let agents: { userId: string; name: string; email: string }[] = [];

beforeAll(async () => {
  agents = await seedMembers(t, 3);
});

const CREATE_FIELDS = [
  "assignInboundLeads",
  "assignManualLeads",
  "createdAt",
  "createdBy",
  "emailNotificationsEnabled",
  "followerUserId",
  "goalTotalDeals",
  "goalWonDeals",
  "id",
  "isActive",
  "name",
  "nextParticipantOrder",
  "organizationId",
  "updatedAt",
];

describe("POST /round-robin", () => {
  it("answers 201 with exactly the create fields and the spec's defaults", async () => {
    const response = await rr.create({ name: "  Inbound team ", participantIds: agents.map((a) => a.userId) });
    expect(response.status).toBe(201);
    const pool: Json = await response.json();
    expect(Object.keys(pool).sort()).toEqual(CREATE_FIELDS);
    expect(pool).toMatchObject({
      name: "Inbound team",
      organizationId: t.org.id,
      isActive: true,
      assignInboundLeads: true,
      assignManualLeads: false,
      emailNotificationsEnabled: false,
      followerUserId: null,
      goalTotalDeals: null,
      goalWonDeals: null,
      nextParticipantOrder: 1,
      createdBy: null,
    });
    expect(pool.id).toMatch(UUID);
    expect(pool.createdAt).toMatch(TIMESTAMP);
  });

  it("stores participants in array order and connections, shown by the single read", async () => {
    const [a, b, c] = agents;
    const id = await rr.createPool({
      name: "Ads",
      participantIds: [c!.userId, a!.userId, b!.userId],
      followerUserId: a!.userId,
      goalTotalDeals: 10,
      goalWonDeals: 0,
      connections: [
        { source: "adplatform", adplatformFormId: "form-1" },
        { source: "automation", provider: "platform_a", sourceKey: "zap-7" },
      ],
    });
    const pool: Json = await (await rr.get(id)).json();
    expect(pool.participants.map((p: Json) => [p.order, p.userId])).toEqual([
      [1, c!.userId],
      [2, a!.userId],
      [3, b!.userId],
    ]);
    expect(Object.keys(pool.participants[0]).sort()).toEqual(
      ["createdAt", "id", "isActive", "order", "organizationId", "roundRobinId", "updatedAt", "user", "userId"].sort(),
    );
    expect(pool.participants[0].user).toEqual({ id: c!.userId, name: c!.name, email: c!.email, image: null });
    expect(pool.connections).toHaveLength(2);
    expect(pool.connections[0]).toMatchObject({
      roundRobinId: id,
      organizationId: t.org.id,
      isActive: true,
      source: "adplatform",
      provider: null,
      adplatformFormId: "form-1",
      sourceKey: null,
    });
    expect(pool.settings).toEqual({
      id,
      name: "Ads",
      isActive: true,
      assignInboundLeads: true,
      assignManualLeads: false,
      emailNotificationsEnabled: false,
      followerUserId: a!.userId,
      goalTotalDeals: 10,
      goalWonDeals: 0,
    });
    expect(pool.stats).toEqual({ totalAssignments: 0, lastAssignmentAt: null, participantAssignments: [] });
  });

  it.each([
    ["an empty name", { name: "" }],
    ["a name over 200 characters", { name: "x".repeat(201) }],
    ["empty participantIds", { participantIds: [] }],
    ["a negative goal", { goalWonDeals: -1 }],
    ["an unknown connection source", { connections: [{ source: "fax" }] }],
    ["an unknown provider", { connections: [{ source: "automation", provider: "nope" }] }],
    ["an empty connection field", { connections: [{ source: "webhook", sourceKey: "" }] }],
    ["a connection field over 200 characters", { connections: [{ source: "webhook", utmCampaign: "u".repeat(201) }] }],
    ["automation without provider", { connections: [{ source: "automation" }] }],
    ["workflow without workflowId", { connections: [{ source: "workflow" }] }],
    ["a participant that is not a uuid", { participantIds: ["nope"] }],
  ])("refuses %s with 400 VALIDATION_ERROR", async (_label, override) => {
    const before = await t.db.roundRobinPool.count();
    await expectError(await rr.create({ name: "P", participantIds: [agents[0]!.userId], ...override }), 400, "VALIDATION_ERROR");
    expect(await t.db.roundRobinPool.count()).toBe(before);
  });

  it("refuses non-members, duplicate participants and duplicate connections with 400 BAD_REQUEST", async () => {
    const other = await seedOrganization(t.db);
    const stranger = await seedMember(t.db, other.id);
    const before = await t.db.roundRobinPool.count();
    await expectError(await rr.create({ name: "P", participantIds: [stranger.userId] }), 400, "BAD_REQUEST");
    await expectError(await rr.create({ name: "P", participantIds: [agents[0]!.userId], followerUserId: stranger.userId }), 400, "BAD_REQUEST");
    await expectError(await rr.create({ name: "P", participantIds: [agents[0]!.userId, agents[0]!.userId] }), 400, "BAD_REQUEST");
    const twice = { source: "webhook", sourceKey: "landing" };
    await expectError(await rr.create({ name: "P", participantIds: [agents[0]!.userId], connections: [twice, twice] }), 400, "BAD_REQUEST");
    expect(await t.db.roundRobinPool.count()).toBe(before);
  });

  it("allows the generic webhook connection only with the universal integration on, and on one pool", async () => {
    const generic = { connections: [{ source: "webhook" }], participantIds: [agents[0]!.userId], name: "Generic" };
    await expectError(await rr.create(generic), 400, "BAD_REQUEST");
    await t.db.organization.update({ where: { id: t.org.id }, data: { universalLeadWebhookEnabled: true } });
    try {
      const first = await rr.create(generic);
      expect(first.status).toBe(201);
      await expectError(await rr.create(generic), 409, "CONFLICT");
      const other = await rr.createPool({ participantIds: [agents[1]!.userId] });
      await expectError(await rr.addConnection(other, { source: "webhook" }), 409, "CONFLICT");
      await expectError(await rr.patch(other, { connections: [{ source: "webhook" }] }), 409, "CONFLICT");
      await rr.remove(((await first.json()) as Json).id);
    } finally {
      await t.db.organization.update({ where: { id: t.org.id }, data: { universalLeadWebhookEnabled: false } });
    }
  });
});

describe("GET /round-robin", () => {
  it("lists newest first with list-only fields, filters by query and status, paginates", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const scoped = roundRobinApi(t, () => org.key);
    const [x, y] = await seedMembers(t, 2, org.id);
    const first = await scoped.createPool({ name: "North Team", participantIds: [x!.userId, y!.userId], followerUserId: y!.userId });
    const second = await scoped.createPool({ name: "South team", participantIds: [x!.userId], isActive: false });
    await t.db.roundRobinParticipant.updateMany({ where: { roundRobinId: first, userId: y!.userId }, data: { isActive: false } });

    const all: Json = await (await scoped.list()).json();
    expect(all.pagination).toEqual({ total: 2, limit: 50, offset: 0, hasMore: false });
    expect(all.data.map((p: Json) => p.id)).toEqual([second, first]);
    expect(all.data[1]).toMatchObject({
      createdByName: null,
      followerName: y!.name,
      participantCount: 1,
      assignmentCount: 0,
      lastAssignmentAt: null,
    });
    expect(((await (await scoped.list("?query=NORTH")).json()) as Json).data.map((p: Json) => p.id)).toEqual([first]);
    expect(((await (await scoped.list("?status=inactive")).json()) as Json).data.map((p: Json) => p.id)).toEqual([second]);
    expect(((await (await scoped.list("?status=active")).json()) as Json).data.map((p: Json) => p.id)).toEqual([first]);
    const page: Json = await (await scoped.list("?limit=1&offset=1")).json();
    expect(page.pagination).toEqual({ total: 2, limit: 1, offset: 1, hasMore: false });
    await expectError(await scoped.list("?limit=101"), 400, "VALIDATION_ERROR");
    await expectError(await scoped.list("?status=paused"), 400, "VALIDATION_ERROR");
  });
});

describe("PATCH /round-robin/{id}", () => {
  it("applies sent fields, clears with null, replaces participants (pointer reset) and connections", async () => {
    const [a, b, c] = agents;
    const id = await rr.createPool({
      participantIds: [a!.userId, b!.userId],
      followerUserId: a!.userId,
      goalTotalDeals: 5,
      connections: [{ source: "webhook", sourceKey: "old" }],
    });
    await t.db.roundRobinPool.update({ where: { id }, data: { nextParticipantOrder: 2 } });
    const response = await rr.patch(id, { name: "Renamed", followerUserId: null, goalTotalDeals: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    let pool: Json = await (await rr.get(id)).json();
    expect(pool).toMatchObject({ name: "Renamed", followerUserId: null, goalTotalDeals: null, nextParticipantOrder: 2 });
    expect(pool.connections).toHaveLength(1);

    await rr.patch(id, { participantIds: [c!.userId, a!.userId], connections: [{ source: "workflow", workflowId: "wf-1" }] });
    pool = await (await rr.get(id)).json();
    expect(pool.nextParticipantOrder).toBe(1);
    expect(pool.participants.map((p: Json) => p.userId)).toEqual([c!.userId, a!.userId]);
    expect(pool.connections.map((x: Json) => [x.source, x.workflowId])).toEqual([["workflow", "wf-1"]]);

    await expectError(await rr.patch(id, { participantIds: [] }), 400, "VALIDATION_ERROR");
    await expectError(await rr.patch(id, { name: "" }), 400, "VALIDATION_ERROR");
    await expectError(await rr.patch(id, { participantIds: [a!.userId, a!.userId] }), 400, "BAD_REQUEST");
  });
});

describe("connections and deletion", () => {
  it("adds a connection flat or nested (201), refuses a duplicate with 409, deletes it, 404 for another pool's", async () => {
    const id = await rr.createPool({ participantIds: [agents[0]!.userId] });
    const other = await rr.createPool({ participantIds: [agents[0]!.userId] });
    const flat = await rr.addConnection(id, { source: "adplatform", adplatformPageId: "page-1" });
    expect(flat.status).toBe(201);
    const created: Json = await flat.json();
    expect(created).toMatchObject({ roundRobinId: id, source: "adplatform", adplatformPageId: "page-1", isActive: true });
    const nested = await rr.addConnection(id, { connection: { source: "automation", provider: "custom", sourceKey: "k" } });
    expect(nested.status).toBe(201);
    await expectError(await rr.addConnection(id, { connection: { source: "adplatform", adplatformPageId: "page-1" } }), 409, "CONFLICT");
    await expectError(await rr.addConnection(id, { source: "workflow" }), 400, "VALIDATION_ERROR");
    await expectError(await rr.addConnection(id, { connection: { source: "automation" } }), 400, "VALIDATION_ERROR");

    await expectError(await rr.removeConnection(other, created.id), 404, "NOT_FOUND");
    const removed = await rr.removeConnection(id, created.id);
    expect(await removed.json()).toEqual({ deleted: true, id: created.id });
    await expectError(await rr.removeConnection(id, created.id), 404, "NOT_FOUND");
  });

  it("deletes a pool with its participants, connections and history", async () => {
    const id = await rr.createPool({ participantIds: [agents[0]!.userId], connections: [{ source: "webhook", sourceKey: "del" }] });
    const lead: Json = await (await rr.createLead({ email: "del@example.test", roundRobinId: id })).json();
    expect(lead.assignedToId).toBe(agents[0]!.userId);
    const response = await rr.remove(id);
    expect(await response.json()).toEqual({ deleted: true, id });
    expect(await t.db.roundRobinParticipant.count({ where: { roundRobinId: id } })).toBe(0);
    expect(await t.db.roundRobinConnection.count({ where: { roundRobinId: id } })).toBe(0);
    expect(await t.db.roundRobinAssignment.count({ where: { roundRobinId: id } })).toBe(0);
    await expectError(await rr.get(id), 404, "NOT_FOUND");
    await expectError(await rr.remove(id), 404, "NOT_FOUND");
    await expectError(await rr.get("not-a-uuid"), 404, "NOT_FOUND");
  });
});
