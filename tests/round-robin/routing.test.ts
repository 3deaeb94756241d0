import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization, type SeededOrganization } from "../support/factories";
import { expectError, roundRobinApi, seedMembers, type Json } from "./helpers";

/** Routing of arriving leads by origin. Each test gets its own organization: routing looks at every pool of one. */
const t = useApiTest();
let org: SeededOrganization;
let rr: ReturnType<typeof roundRobinApi>;
let agents: { userId: string }[] = [];

async function freshOrganization() {
  org = await seedOrganization(t.db, { rateLimitExempt: true });
  rr = roundRobinApi(t, () => org.key);
  agents = await seedMembers(t, 4, org.id);
}

const email = () => `l-${Math.random().toString(36).slice(2)}@example.test`;
async function arrive(json: Record<string, unknown> = {}): Promise<Json> {
  const response = await rr.createLead({ email: email(), ...json });
  const body: Json = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}
const lastMetadata = async (pool: string) => JSON.parse((await (await rr.assignments(pool, "?limit=1")).json()).data[0].metadata);

describe("routing of arriving leads", () => {
  beforeAll(freshOrganization);

  it("leaves a lead unassigned when no pool is eligible", async () => {
    expect(await arrive()).toMatchObject({ assignedToId: null, roundRobinId: null });
  });

  it("matches connections by origin, the most specific wins; otherwise the catch-all pool", async () => {
    const [a, b, c, d] = agents;
    const catchAll = await rr.createPool({ name: "Catch-all", participantIds: [a!.userId] });
    const campaign = await rr.createPool({ name: "Campaign", participantIds: [b!.userId], connections: [{ source: "webhook", utmCampaign: "spring" }] });
    const ads = await rr.createPool({
      name: "Ads form",
      participantIds: [c!.userId],
      connections: [{ source: "adplatform", adplatformFormId: "form-9", utmCampaign: "spring" }],
    });
    const zap = await rr.createPool({ name: "Zap", participantIds: [d!.userId], connections: [{ source: "automation", provider: "platform_b" }] });
    await rr.createPool({ name: "Off", participantIds: [d!.userId], isActive: false, connections: [{ source: "webhook", sourceKey: "off" }] });

    expect((await arrive()).roundRobinId).toBe(catchAll);
    expect(await lastMetadata(catchAll)).toMatchObject({ reason: "catch_all" });

    const spring = await arrive({ customFields: { utm_campaign: "spring" } });
    expect(spring).toMatchObject({ roundRobinId: campaign, assignedToId: b!.userId });
    expect(await lastMetadata(campaign)).toMatchObject({ reason: "connection", matchedFields: ["utmCampaign"], specificity: 1 });

    const fromAds = await arrive({ source: "adplatform", customFields: { adplatformFormId: "form-9", utmCampaign: "spring" } });
    expect(fromAds).toMatchObject({ roundRobinId: ads, assignedToId: c!.userId });
    expect(await lastMetadata(ads)).toMatchObject({ reason: "connection", connectionSource: "adplatform", specificity: 3 });
    const history: Json = (await (await rr.assignments(ads)).json()).data[0];
    expect(history.source).toBe("adplatform");

    expect((await arrive({ customFields: { provider: "platform_b" } })).roundRobinId).toBe(zap);
    // The inactive pool's connection routes nothing: the catch-all takes it.
    expect((await arrive({ customFields: { sourceKey: "off" } })).roundRobinId).toBe(catchAll);
    // Pools with assignInboundLeads off are not routed to.
    await rr.patch(catchAll, { assignInboundLeads: false });
    expect(await arrive()).toMatchObject({ roundRobinId: null, assignedToId: null });
  });
});

describe("a pool whose row another transaction holds", () => {
  beforeAll(freshOrganization);

  it("gives up its turn after the lock timeout: the lead is created unassigned and the rotation is untouched, then routes again once released", async () => {
    const [a, b] = agents;
    const pool = await rr.createPool({ name: "Held", participantIds: [a!.userId, b!.userId] });
    const pointer = () => t.db.roundRobinPool.findUniqueOrThrow({ where: { id: pool }, select: { nextParticipantOrder: true } });
    const before = await pointer();
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM "RoundRobinPool" WHERE "id" = $1 FOR UPDATE`, [pool]);
      // The turn waits for the row only as long as its lock timeout, then the lead is written without a turn.
      expect(await arrive()).toMatchObject({ assignedToId: null });
      await holder.query("ROLLBACK");
      expect(await pointer()).toEqual(before);
      expect(await arrive()).toMatchObject({ roundRobinId: pool, assignedToId: a!.userId });
    } finally {
      await holder.end();
    }
  });
});

describe("the generic webhook connection", () => {
  beforeAll(freshOrganization);

  it("takes leads nothing more specific matched while the universal integration is on, before the catch-all", async () => {
    const [a, b] = agents;
    const catchAll = await rr.createPool({ name: "Catch-all", participantIds: [a!.userId] });
    await t.db.organization.update({ where: { id: org.id }, data: { universalLeadWebhookEnabled: true } });
    const generic = await rr.createPool({ name: "Universal", participantIds: [b!.userId], connections: [{ source: "webhook" }] });
    const lead = await arrive();
    expect(lead.roundRobinId).toBe(generic);
    const record: Json = (await (await rr.assignments(generic)).json()).data[0];
    expect(record.source).toBe("webhook");
    expect(JSON.parse(record.metadata)).toMatchObject({ reason: "generic_webhook" });
    await t.db.organization.update({ where: { id: org.id }, data: { universalLeadWebhookEnabled: false } });
    expect((await arrive()).roundRobinId).toBe(catchAll);
  });
});

describe("POST /round-robin/assign", () => {
  beforeAll(freshOrganization);

  it("routes manual through assignManualLeads pools and other sources through inbound pools", async () => {
    const [a, b] = agents;
    const lead = await arrive(); // no pool yet: unassigned
    expect(lead.assignedToId).toBeNull();
    const manual = await rr.createPool({ name: "Manual", participantIds: [a!.userId], assignInboundLeads: false, assignManualLeads: true });

    expect(await (await rr.assign({ leadId: lead.id })).json()).toEqual({ assigned: false });
    const response = await rr.assign({ leadId: lead.id, source: "manual" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ assigned: true, leadId: lead.id, assignedToId: a!.userId, roundRobinId: manual, turnOrder: 1 });
    const stored: Json = await (await rr.call(`/leads/${lead.id}`)).json();
    expect(stored).toMatchObject({ assignedToId: a!.userId, roundRobinId: manual });
    const record: Json = (await (await rr.assignments(manual, "?source=manual")).json()).data[0];
    expect(record).toMatchObject({ leadId: lead.id, source: "manual", turnOrder: 1, userName: expect.any(String) });
    // The history names the lead as people know it (its name, else its email or phone).
    expect(record.leadName).toBe([stored.firstName, stored.lastName].filter(Boolean).join(" ") || stored.email || stored.phone);
    expect(record.leadName).toBeTruthy();
    expect((await (await rr.assignments(manual, "?source=system")).json()).data).toEqual([]);

    // Already assigned: untouched.
    expect(await (await rr.assign({ leadId: lead.id, source: "manual" })).json()).toEqual({ assigned: false });

    const inbound = await rr.createPool({ name: "Inbound", participantIds: [b!.userId] });
    const second = await arrive({ assignedToId: null }); // routed at create
    expect(second.roundRobinId).toBe(inbound);
    await rr.call(`/leads/${second.id}`, { method: "PUT", json: { assignedToId: null } });
    const again: Json = await (await rr.assign({ leadId: second.id, source: "webhook" })).json();
    expect(again).toMatchObject({ assigned: true, roundRobinId: inbound, assignedToId: b!.userId });
  });

  it("answers 400 for a malformed lead id or unknown source, 404 for a missing or foreign lead", async () => {
    await expectError(await rr.assign({ leadId: "nope" }), 400, "VALIDATION_ERROR");
    await expectError(await rr.assign({}), 400, "VALIDATION_ERROR");
    const lead = await arrive();
    await expectError(await rr.assign({ leadId: lead.id, source: "fax" }), 400, "VALIDATION_ERROR");
    await expectError(await rr.assign({ leadId: "lead_000000000000000000000000" }), 404, "NOT_FOUND");
    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const foreign: Json = await (await t.server.api("/leads", { token: other.key, method: "POST", json: { email: email() } })).json();
    await expectError(await rr.assign({ leadId: foreign.id }), 404, "NOT_FOUND");
  });
});
