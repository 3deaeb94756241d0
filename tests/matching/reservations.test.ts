import { beforeAll, describe, expect, it } from "vitest";
import { seedMember, seedOAuthToken, seedOrganization } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { recordedEvents } from "../projects/helpers";
import { body, expectError, leadsApi, type Activity, type Json, type Page } from "../leads/helpers";

/** Reservations tied to people (extension): a reserved or sold unit names its lead. */
const t = useApiTest({ observeEvents: true });
let api: ReturnType<typeof leadsApi>;
let projectId: string;
let unitIds: string[];

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
  const created = await body<{ id: string }>(
    await t.server.api("/projects", { token: t.org.key, method: "POST", json: { name: "Torre Norte", units: [{ name: "A-1201", price: 250000 }, { name: "A-1202", price: 260000 }] } }),
    201,
  );
  projectId = created.id;
  unitIds = (await body<{ units: { id: string }[] }>(await t.server.api(`/projects/${projectId}`, { token: t.org.key }), 200)).units.map((unit) => unit.id);
});

const patch = (unitId: string, json: Json, token = t.org.key) => t.server.api(`/projects/${projectId}/units/${unitId}`, { token, method: "PATCH", json });
const systemEntries = async (leadId: string) =>
  (await body<Page<Activity>>(await api.activities(leadId, "?activityScope=system"), 200)).data.filter((entry) => entry.changes?.unitStatus);

describe("PATCH …/units/{unitId} with leadId", () => {
  it("reserves for a lead, sells to them, releases; each is on the lead's timeline and unit.status_changed carries the lead", async () => {
    const lead = await api.createFull({ email: "buyer@example.test", firstName: "Lucía" });
    const unitId = unitIds[0]!;
    const reserved = await body<Json>(await patch(unitId, { status: "reserved", leadId: lead.id }), 200);
    expect(reserved).toMatchObject({ status: "reserved", leadId: lead.id });
    expect(await body<Json>(await t.server.api(`/projects/${projectId}`, { token: t.org.key }), 200)).toMatchObject({
      units: expect.arrayContaining([expect.objectContaining({ id: unitId, leadId: lead.id })]),
    });

    const sold = await body<Json>(await patch(unitId, { status: "sold" }), 200);
    expect(sold.leadId).toBe(lead.id);

    const released = await body<Json>(await patch(unitId, { status: "available" }), 200);
    expect(released.leadId).toBeNull();

    const entries = await systemEntries(lead.id);
    expect(entries.map((entry) => entry.content)).toEqual([
      "Reservation of unit A-1201 of Torre Norte released",
      "Bought unit A-1201 of Torre Norte",
      "Reserved unit A-1201 of Torre Norte",
    ]);
    expect(entries[2]!.changes).toEqual({ unitStatus: { from: "available", to: "reserved" }, heldUnitId: { from: null, to: unitId } });

    const statusEvents = (await recordedEvents(t.db, t.org.id)).filter((event) => event.type === "unit.status_changed" && event.envelope.data.unit.id === unitId);
    expect(statusEvents.map((event) => [event.envelope.data.unit.status, event.envelope.data.lead?.id])).toEqual([
      ["reserved", lead.id],
      ["sold", lead.id],
      ["available", lead.id],
    ]);
  });

  it("refuses a lead on an available unit, another organization's lead and a lead out of the caller's sight, writing nothing", async () => {
    const unitId = unitIds[1]!;
    const lead = await api.createFull({ email: "someone@example.test" });
    const message = await expectError(await patch(unitId, { leadId: lead.id }), 400, "VALIDATION_ERROR");
    expect(message).toMatch(/leadId/);

    const other = await seedOrganization(t.db, { rateLimitExempt: true });
    const foreign = await body<{ id: string }>(await t.server.api("/leads", { token: other.key, method: "POST", json: { email: "x@example.test" } }), 201);
    // A lead the caller cannot see is a missing lead: 404, as wherever a lead id is given.
    await expectError(await patch(unitId, { status: "reserved", leadId: foreign.id }), 404, "NOT_FOUND");
    await expectError(await patch(unitId, { status: "reserved", leadId: `lead_${"0".repeat(24)}` }), 404, "NOT_FOUND");
    await expectError(await patch(unitId, { status: "reserved", leadId: "lead_nope" }), 400, "VALIDATION_ERROR");

    const agent = await seedMember(t.db, t.org.id, { role: "member" });
    await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "own" } });
    try {
      const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: agent.userId });
      await expectError(await patch(unitId, { status: "reserved", leadId: lead.id }, token), 404, "NOT_FOUND");
    } finally {
      await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "all" } });
    }
    const unit = await t.db.unit.findUniqueOrThrow({ where: { id: unitId } });
    expect({ status: unit.status, leadId: unit.leadId }).toEqual({ status: "available", leadId: null });
  });

  it("the holder follows its lead: merged into another, the survivor holds the unit (and undo gives it back); deleted, the unit names nobody", async () => {
    const [first, second] = unitIds;
    const kept = await api.createFull({ email: "marta.gil@example.test", firstName: "Marta" });
    const gone = await api.createFull({ email: "Marta.Gil@example.test", firstName: "Marta" });
    await body(await patch(first!, { status: "reserved", leadId: gone.id }), 200);
    const holderOf = async (unitId: string) => (await t.db.unit.findUniqueOrThrow({ where: { id: unitId } })).leadId;

    const merged = await body<{ mergeId: string }>(
      await t.server.api(`/leads/${kept.id}/merge`, { token: t.org.key, method: "POST", json: { duplicateIds: [gone.id] } }),
      200,
    );
    expect(await holderOf(first!)).toBe(kept.id);
    await body(await t.server.api(`/leads/${kept.id}/merges/${merged.mergeId}/undo`, { token: t.org.key, method: "POST" }), 200);
    expect(await holderOf(first!)).toBe(gone.id);

    await body(await patch(second!, { status: "sold", leadId: kept.id }), 200);
    expect((await api.remove(kept.id)).status).toBe(200);
    expect(await holderOf(second!)).toBeNull();
    expect(await body<Json>(await t.server.api(`/projects/${projectId}`, { token: t.org.key }), 200)).toMatchObject({
      units: expect.arrayContaining([expect.objectContaining({ id: second, status: "sold", leadId: null })]),
    });
  });
});
