import { randomUUID } from "node:crypto";
import type { DomainEvent } from "../../../server/events/record-events";
import type { EventType } from "../../../server/events/event-types";
import { newId } from "../../../server/ids";

/**
 * Realistic payloads for every event type of the contract, shaped like the
 * leads and projects areas emit them: lead.* carry `data.lead`; project.*
 * `data.project`; unit.* `data.unit` and `data.project`; notes and
 * communications carry `data.leadId` with the note or communication.
 */
const now = new Date().toISOString();
const leadId = newId("lead");
const projectId = newId("project");
const unitId = newId("unit");
const userId = randomUUID();

const lead = {
  id: leadId,
  firstName: "María",
  lastName: "Fernández",
  email: "maria.fernandez@example.com",
  phone: "+34 612 345 678",
  company: "Fernández Inversiones",
  jobTitle: "Directora",
  status: "new",
  source: "website",
  stageId: randomUUID(),
  stageName: "New",
  estimatedValue: 350000,
  score: 72,
  temperature: "warm",
  city: "Madrid",
  country: "ES",
  projectId,
  unitId: null,
  assignedToId: userId,
  customFields: { budget: "300-400k", bedrooms: 3 },
  createdAt: now,
  updatedAt: now,
};

const project = {
  id: projectId,
  name: "Residencial Las Acacias",
  type: "residential",
  promotora: "Grupo Horizonte",
  city: "Valencia",
  country: "ES",
  currency: "EUR",
  salePrice: 285000,
  status: "published",
  unitCount: 24,
  createdAt: now,
  updatedAt: now,
};

const unit = { id: unitId, projectId, name: "Bloque A — 3ºB", price: 298000, type: "apartment", area: 94, status: "reserved", createdAt: now, updatedAt: now };

export function sampleEvent(type: EventType): DomainEvent {
  switch (type) {
    case "lead.note_added":
      return { type, data: { leadId, note: { id: newId("activity"), leadId, content: "Prefers a south-facing unit.", createdAt: now } } };
    case "lead.communication_logged":
      return {
        type,
        data: { leadId, communication: { id: newId("activity"), leadId, type: "call", direction: "outbound", content: "Booked a visit.", createdAt: now } },
      };
    case "lead.assigned":
      return { type, data: { lead, autoAssigned: true } };
    case "lead.stage_changed":
      return { type, data: { lead, previousStageId: randomUUID() } };
    case "lead.won":
      return { type, data: { lead: { ...lead, status: "won" } } };
    case "lead.lost":
      return { type, data: { lead: { ...lead, status: "lost" } } };
    case "lead.unassigned":
      return { type, data: { lead: { ...lead, assignedToId: null } } };
    case "lead.created":
    case "lead.updated":
    case "lead.deleted":
      return { type, data: { lead } };
    case "project.created":
    case "project.updated":
    case "project.deleted":
      return { type, data: { project } };
    case "unit.created":
    case "unit.updated":
      return { type, data: { unit, project } };
    case "unit.status_changed":
      return { type, data: { unit: { ...unit, status: "sold" }, project, previousStatus: "reserved" } };
  }
}

/** The keys `data` must carry for an event type, per the contract. */
export function expectedDataKeys(type: EventType): string[] {
  if (type === "lead.note_added") return ["leadId", "note"];
  if (type === "lead.communication_logged") return ["leadId", "communication"];
  if (type.startsWith("lead.")) return ["lead"];
  if (type.startsWith("project.")) return ["project"];
  return ["unit", "project"];
}
