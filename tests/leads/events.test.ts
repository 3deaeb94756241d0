import { beforeAll, describe, expect, it } from "vitest";
import { seedMember } from "../support/factories";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, recordedLeadEvents, type Lead } from "./helpers";

const t = useApiTest({ organization: { name: "Events Realty", slug: "events-realty", maxLeads: 50 }, observeEvents: true });
let api: ReturnType<typeof leadsApi>;

beforeAll(async () => {
  api = leadsApi(t.server, t.org.key);
});

/** Runs a write and returns the events it recorded (order within one write is not significant). */
async function eventsOf(write: () => Promise<unknown>) {
  const before = (await recordedLeadEvents(t.db, t.org.id)).length;
  await write();
  return (await recordedLeadEvents(t.db, t.org.id)).slice(before).sort((a, b) => a.type.localeCompare(b.type));
}

const typesOf = (events: { type: string }[]) => events.map((event) => event.type);

describe("envelope", () => {
  it("lead.created: {id evt_…, type, createdAt, organization, data.lead = the lead as GET shows it}", async () => {
    let created: { id: string } = { id: "" };
    const events = await eventsOf(async () => {
      created = await body(await api.create({ email: "env@example.test", firstName: "Env" }), 201);
    });
    expect(typesOf(events)).toEqual(["lead.created"]);
    const [event] = events;
    expect(event?.origin).toBe("api");
    expect(Object.keys(event?.body ?? {}).sort()).toEqual(["createdAt", "data", "id", "organization", "type"]);
    expect(event?.body.id).toMatch(/^evt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(event?.body.type).toBe("lead.created");
    expect(event?.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(event?.body.organization).toEqual({ id: t.org.id, name: "Events Realty", slug: "events-realty" });
    expect(event?.body.data).toEqual({ lead: await body(await api.get(created.id), 200) });
  });

  it("writes one pending delivery per active subscription to the event, in the same transaction", async () => {
    const subscription = await t.db.webhookSubscription.create({
      data: { organizationId: t.org.id, targetUrl: "https://hooks.example.test/in", event: "lead.created", secretCiphertext: "x", managedBy: "dashboard" },
    });
    const events = await eventsOf(() => api.create({ phone: "+1 555 0101" }));
    const deliveries = await t.db.webhookDelivery.findMany({ where: { subscriptionId: subscription.id } });
    expect(deliveries.map((delivery) => delivery.eventId)).toEqual([events[0]?.body.id]);
    await t.db.webhookSubscription.delete({ where: { id: subscription.id } });
  });
});

describe("which write emits what", () => {
  it("POST with assignedToId: lead.created + lead.assigned (autoAssigned false)", async () => {
    const member = await seedMember(t.db, t.org.id);
    const events = await eventsOf(() => api.create({ email: "assign@example.test", assignedToId: member.userId }));
    expect(typesOf(events)).toEqual(["lead.assigned", "lead.created"]);
    const assigned = events[0]?.body.data as { lead: Lead; autoAssigned: boolean };
    expect(assigned.autoAssigned).toBe(false);
    expect(assigned.lead.assignedToId).toBe(member.userId);
  });

  it("PUT: lead.updated always, even when nothing changed", async () => {
    const lead = await api.createFull({ email: "touch@example.test" });
    const events = await eventsOf(() => api.update(lead.id, { email: "touch@example.test" }));
    expect(typesOf(events)).toEqual(["lead.updated"]);
    expect(events[0]?.body.data).toEqual({ lead, changes: {} });
  });

  it("PUT: lead.updated with changes; lead.stage_changed when the stage changes", async () => {
    const lead = await api.createFull({ email: "stage@example.test" });
    const proposal = await t.db.pipelineStage.findFirstOrThrow({ where: { organizationId: t.org.id, systemKey: "proposal" } });
    const events = await eventsOf(() => api.update(lead.id, { stageId: proposal.id, city: "Quito" }));
    expect(typesOf(events)).toEqual(["lead.stage_changed", "lead.updated"]);
    const updated = events[1]?.body.data as { lead: Lead; changes: unknown };
    expect(updated.lead.stageName).toBe("Proposal");
    // The status follows the stage (one lead state).
    expect(updated.changes).toEqual({
      status: { from: "new", to: "proposal" },
      stageId: { from: lead.stageId, to: proposal.id },
      city: { from: null, to: "Quito" },
    });
    expect(events[0]?.body.data).toMatchObject({ previousStageId: lead.stageId, lead: { stageId: proposal.id } });
  });

  it("PUT: lead.won / lead.lost when the status changes to won / lost, not when it stays", async () => {
    const lead = await api.createFull({ email: "close@example.test" });
    // The stage follows the status (one lead state), so a closing status also moves the lead.
    expect(typesOf(await eventsOf(() => api.update(lead.id, { status: "won" })))).toEqual(["lead.stage_changed", "lead.updated", "lead.won"]);
    expect(typesOf(await eventsOf(() => api.update(lead.id, { status: "won" })))).toEqual(["lead.updated"]);
    const lost = await eventsOf(() => api.update(lead.id, { status: "lost" }));
    expect(typesOf(lost)).toEqual(["lead.lost", "lead.stage_changed", "lead.updated"]);
    expect(lost[0]?.body.data).toMatchObject({ previousStatus: "won", lead: { status: "lost", stageName: "Lost" } });
  });

  it("PUT: lead.assigned when assignedToId changes to a member, lead.unassigned when cleared", async () => {
    const [first, second] = [await seedMember(t.db, t.org.id), await seedMember(t.db, t.org.id)];
    const lead = await api.createFull({ email: "owner@example.test" });
    expect(typesOf(await eventsOf(() => api.update(lead.id, { assignedToId: first.userId })))).toEqual([
      "lead.assigned",
      "lead.updated",
    ]);
    const reassigned = await eventsOf(() => api.update(lead.id, { assignedToId: second.userId }));
    expect(typesOf(reassigned)).toEqual(["lead.assigned", "lead.updated"]);
    expect(reassigned[0]?.body.data).toMatchObject({ autoAssigned: false, previousAssignedToId: first.userId });
    const cleared = await eventsOf(() => api.update(lead.id, { assignedToId: null }));
    expect(typesOf(cleared)).toEqual(["lead.unassigned", "lead.updated"]);
    expect(cleared[0]?.body.data).toMatchObject({ previousAssignedToId: second.userId, lead: { assignedToId: null } });
  });

  it("DELETE: lead.deleted carrying the lead as it was", async () => {
    const lead = await api.createFull({ email: "bye@example.test" });
    const events = await eventsOf(() => api.remove(lead.id));
    expect(typesOf(events)).toEqual(["lead.deleted"]);
    expect(events[0]?.body.data).toEqual({ lead });
  });

  it("notes: lead.note_added with data.leadId and data.note", async () => {
    const lead = await api.createFull({ email: "noted@example.test" });
    let note: Record<string, unknown> = {};
    const events = await eventsOf(async () => {
      note = await body(await api.note(lead.id, { content: "Wants a sea view" }), 201);
    });
    expect(typesOf(events)).toEqual(["lead.note_added"]);
    expect(events[0]?.body.data).toEqual({ leadId: lead.id, note: { ...note, user: expect.any(Object) } });
  });

  it("communications: lead.communication_logged with data.leadId and data.communication", async () => {
    const lead = await api.createFull({ email: "called@example.test" });
    let communication: Record<string, unknown> = {};
    const events = await eventsOf(async () => {
      communication = await body(
        await api.communication(lead.id, { type: "call", direction: "outbound", content: "Left a voicemail" }),
        201,
      );
    });
    expect(typesOf(events)).toEqual(["lead.communication_logged"]);
    expect(events[0]?.body.data).toEqual({ leadId: lead.id, communication: { ...communication, user: expect.any(Object) } });
  });
});

describe("failed writes record no event", () => {
  it("validation errors, unknown leads and plan limits leave the outbox untouched", async () => {
    const lead = await api.createFull({ email: "stay@example.test" });
    const events = await eventsOf(async () => {
      await expectError(await api.create({ firstName: "No contact" }), 400, "VALIDATION_ERROR");
      await expectError(await api.create({ email: "x@example.test", assignedToId: "00000000-0000-4000-8000-000000000000" }), 400, "VALIDATION_ERROR");
      await expectError(await api.update(lead.id, { email: null }), 400, "VALIDATION_ERROR");
      await expectError(await api.update(lead.id, {}), 400, "VALIDATION_ERROR");
      await expectError(await api.note(lead.id, { content: "" }), 400, "VALIDATION_ERROR");
      await expectError(await api.communication(lead.id, { type: "fax", direction: "inbound" }), 400, "VALIDATION_ERROR");
      await expectError(await api.remove("lead_" + "0".repeat(24)), 404, "NOT_FOUND");
      await t.db.organization.update({ where: { id: t.org.id }, data: { maxLeads: 1 } });
      await expectError(await api.create({ email: "over@example.test" }), 403, "FORBIDDEN");
      await t.db.organization.update({ where: { id: t.org.id }, data: { maxLeads: 50 } });
    });
    expect(events).toEqual([]);
  });
});

describe("origin", () => {
  it("every event recorded through the REST API has origin api", async () => {
    const rows = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id }, select: { origin: true } });
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((row) => row.origin))).toEqual(new Set(["api"]));
  });
});
