import { describe, expect, it } from "vitest";
import { runInTransaction } from "../../server/db/run-in-transaction";
import { checkEventPayload, eventPayloadProblem, EventPayloadError, payloadCheckMode } from "../../server/events/check-event-payload";
import { EVENT_ENVELOPE_SCHEMAS, type EventEnvelope } from "../../server/events/event-envelope";
import { EVENT_TYPES } from "../../server/events/event-types";
import { recordEvents, type DomainEvent } from "../../server/events/record-events";
import { eventSample } from "../../server/webhooks/event-samples";
import { seedProject } from "../support/factories";
import { useApiTest } from "../support/api-test";

/**
 * One zod schema per event type (server/events/): every sample parses with
 * its type's schema, and the recorder refuses, under test, a payload its
 * schema does not describe exactly, rolling the whole write back. Since the
 * recorder checks every envelope it is given, every test that writes proves
 * its events match the published schemas.
 */
const t = useApiTest({ server: false, observeEvents: true });
const organization = { id: "org", name: "Pinos Realty", slug: "pinos-realty" };

describe("event schemas", () => {
  it.each(EVENT_TYPES)("the %s sample is exactly what its schema describes", (type) => {
    const sample = eventSample(type, organization);
    expect(EVENT_ENVELOPE_SCHEMAS[type].parse(sample)).toEqual(sample);
    expect(eventPayloadProblem(sample)).toBeNull();
  });

  it("a sample is refused by another type's schema (the schemas tell the types apart)", () => {
    const note = eventSample("lead.note_added", organization);
    expect(EVENT_ENVELOPE_SCHEMAS["lead.created"].safeParse({ ...note, type: "lead.created" }).success).toBe(false);
    const assigned = eventSample("lead.assigned", organization);
    expect(EVENT_ENVELOPE_SCHEMAS["lead.won"].safeParse({ ...assigned, type: "lead.won" }).success).toBe(false);
    // zod alone would strip `autoAssigned`; the check also refuses what a schema does not document.
    expect(eventPayloadProblem({ ...assigned, type: "lead.unassigned" } as EventEnvelope)).toBe("not in the schema: data.autoAssigned");
  });

  it("names what does not match: a wrong type, a missing field, an undocumented one", () => {
    const sample = eventSample("unit.status_changed", organization);
    if (sample.type !== "unit.status_changed") throw new Error("unexpected sample");
    const wrongType = { ...sample, data: { ...sample.data, unit: { ...sample.data.unit, price: "298000" } } };
    expect(eventPayloadProblem(wrongType as unknown as EventEnvelope)).toMatch(/^data\.unit\.price: /);
    const { previousStatus: _dropped, ...withoutPrevious } = sample.data;
    expect(eventPayloadProblem({ ...sample, data: withoutPrevious } as unknown as EventEnvelope)).toMatch(/^data\.previousStatus: /);
    const undocumented = { ...sample, data: { ...sample.data, project: { ...sample.data.project, internalNotes: "x" } } };
    expect(eventPayloadProblem(undocumented as unknown as EventEnvelope)).toBe("not in the schema: data.project.internalNotes");
  });

  it("outside tests a mismatch is logged, not thrown; under Vitest the recorder runs in the failing mode", () => {
    const sample = eventSample("project.created", organization);
    const bad = { ...sample, data: {} } as unknown as EventEnvelope;
    expect(() => checkEventPayload(bad, "log")).not.toThrow();
    expect(() => checkEventPayload(bad, "fail")).toThrow(EventPayloadError);
    expect(payloadCheckMode()).toBe("fail");
  });

  it("a writer cannot build a wrong payload (checked by the type checker)", () => {
    const { data } = eventSample("lead.created", organization) as Extract<EventEnvelope, { type: "lead.created" }>;
    // @ts-expect-error lead.assigned needs autoAssigned and previousAssignedToId
    const missing: DomainEvent = { type: "lead.assigned", data: { lead: data.lead } };
    // @ts-expect-error lead.note_added carries leadId and note, not a lead
    const wrongShape: DomainEvent = { type: "lead.note_added", data: { lead: data.lead } };
    const right: DomainEvent = { type: "lead.assigned", data: { lead: data.lead, autoAssigned: false, previousAssignedToId: null } };
    expect([missing, wrongShape, right].map((event) => event.type)).toEqual(["lead.assigned", "lead.note_added", "lead.assigned"]);
  });
});

describe("the recorder checks every payload", () => {
  async function renameWithEvent(projectId: string, event: DomainEvent) {
    const source = { organization: { id: t.org.id, name: t.org.name, slug: t.org.slug }, origin: "api" as const };
    return runInTransaction(t.db, async (tx) => {
      await tx.project.update({ where: { id: projectId }, data: { name: "Renamed" } });
      return recordEvents(tx, source, [event]);
    });
  }

  it("a payload that does not match fails the write, and nothing of it is kept", async () => {
    const project = await seedProject(t.db, t.org.id, { name: "Torre Norte" });
    const before = await t.db.webhookEvent.count({ where: { organizationId: t.org.id } });
    const sample = eventSample("project.updated", organization) as Extract<EventEnvelope, { type: "project.updated" }>;
    // An untyped writer (or a representation that drifted from its schema): unitCount as a string.
    const drifted = { type: "project.updated", data: { project: { ...sample.data.project, id: project.id, unitCount: "0" } } };
    await expect(renameWithEvent(project.id, drifted as unknown as DomainEvent)).rejects.toThrow(
      /The project.updated payload does not match its schema: data\.project\.unitCount: /,
    );
    expect((await t.db.project.findUniqueOrThrow({ where: { id: project.id } })).name).toBe("Torre Norte");
    expect(await t.db.webhookEvent.count({ where: { organizationId: t.org.id } })).toBe(before);
  });

  it("so does a field the schema does not document", async () => {
    const project = await seedProject(t.db, t.org.id, { name: "Torre Sur" });
    const sample = eventSample("project.updated", organization) as Extract<EventEnvelope, { type: "project.updated" }>;
    const extra = { type: "project.updated", data: { project: { ...sample.data.project, id: project.id }, changes: {}, actorEmail: "a@b.co" } };
    await expect(renameWithEvent(project.id, extra as unknown as DomainEvent)).rejects.toThrow(/not in the schema: data\.actorEmail/);
    expect((await t.db.project.findUniqueOrThrow({ where: { id: project.id } })).name).toBe("Torre Sur");
  });

  it("a matching payload is recorded as built", async () => {
    const project = await seedProject(t.db, t.org.id, { name: "Torre Este" });
    const sample = eventSample("project.updated", organization) as Extract<EventEnvelope, { type: "project.updated" }>;
    const event: DomainEvent = {
      type: "project.updated",
      data: { project: { ...sample.data.project, id: project.id, name: "Renamed" }, changes: { name: { from: "Torre Este", to: "Renamed" } } },
    };
    const [envelope] = await renameWithEvent(project.id, event);
    const row = await t.db.webhookEvent.findUniqueOrThrow({ where: { id: envelope!.id } });
    expect(JSON.parse(row.body)).toEqual(envelope);
    expect((JSON.parse(row.body) as { data: unknown }).data).toEqual(event.data);
  });
});
