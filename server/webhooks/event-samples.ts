import type { EventEnvelope } from "../events/record-events";
import type { EventType } from "../events/event-types";
import type { LeadRepresentation } from "../leads/lead-representation";
import type { ProjectRepresentation, UnitRepresentation } from "../projects/project-representation";

/**
 * What a delivery of each event type looks like, for automation platforms to
 * show while a user builds a zap or scenario (`GET /webhooks/samples/{event}`)
 * before a real event exists. The payloads have the exact shapes the areas
 * emit (typed by the same representations) with realistic, fixed values;
 * the ids say they are samples, so nothing can mistake one for a real record.
 * The organization is the caller's own.
 */
const AT = "2026-11-02T15:04:05.000Z";
const LATER = "2026-11-02T15:09:41.000Z";
const LEAD_ID = "lead_sample000000000000000001";
const PROJECT_ID = "prj_sample000000000000000001";
const UNIT_ID = "unit_sample000000000000000001";
const AGENT = { id: "00000000-0000-4000-8000-00000000a9e1", name: "Lucía Romero", email: "lucia.romero@example.com", image: null };

const lead: LeadRepresentation = {
  id: LEAD_ID,
  firstName: "María",
  lastName: "Fernández",
  email: "maria.fernandez@example.com",
  phone: "+34 612 345 678",
  company: null,
  jobTitle: null,
  status: "new",
  source: "adplatform",
  sourceMetadata: { campaign: "Las Acacias — otoño", form: "Solicitar información" },
  stageId: "00000000-0000-4000-8000-0000000057a1",
  stageName: "New",
  estimatedValue: 298000,
  score: 72,
  temperature: "warm",
  notes: "Looking for 3 bedrooms near a school.",
  city: "Valencia",
  state: "Valencia",
  country: "ES",
  projectId: PROJECT_ID,
  projectName: "Residencial Las Acacias",
  unitId: null,
  assignedToId: AGENT.id,
  assignedTo: AGENT,
  customFields: { budget: "250-300k", bedrooms: 3, financing: true },
  doNotCall: false,
  roundRobinId: null,
  createdAt: AT,
  updatedAt: AT,
  lastActivityAt: AT,
};

const project: ProjectRepresentation = {
  id: PROJECT_ID,
  name: "Residencial Las Acacias",
  type: "apartment",
  promotora: "Grupo Horizonte",
  city: "Valencia",
  address: "Avenida del Puerto 112",
  description: "24 homes with a pool and gardens, 10 minutes from the beach.",
  country: "ES",
  state: "Valencia",
  operationType: "sale",
  currency: "EUR",
  salePrice: null,
  rentPrice: null,
  minPrice: 245000,
  maxPrice: 389000,
  bedrooms: null,
  bathrooms: null,
  parkingSpots: null,
  builtArea: null,
  lotArea: 5400,
  status: "published",
  image: null,
  unitCount: 24,
  createdAt: AT,
  updatedAt: AT,
};

const unit: UnitRepresentation = {
  id: UNIT_ID,
  projectId: PROJECT_ID,
  name: "Bloque A — 3ºB",
  type: "3 bedrooms",
  price: 298000,
  area: 94,
  status: "reserved",
  createdAt: AT,
  updatedAt: LATER,
};

function sampleData(type: EventType): Record<string, unknown> {
  const changed = { ...lead, updatedAt: LATER };
  switch (type) {
    case "lead.created":
      return { lead };
    case "lead.updated":
      return { lead: { ...changed, score: 85, temperature: "hot" }, changes: { score: { from: 72, to: 85 }, temperature: { from: "warm", to: "hot" } } };
    case "lead.stage_changed":
      return { lead: { ...changed, stageId: "00000000-0000-4000-8000-0000000057a2", stageName: "Contacted" }, previousStageId: lead.stageId };
    case "lead.assigned":
      return { lead: changed, autoAssigned: true, previousAssignedToId: null };
    case "lead.unassigned":
      return { lead: { ...changed, assignedToId: null, assignedTo: null }, previousAssignedToId: AGENT.id };
    case "lead.won":
      return { lead: { ...changed, status: "won", stageName: "Won" }, previousStatus: "qualified" };
    case "lead.lost":
      return { lead: { ...changed, status: "lost", stageName: "Lost" }, previousStatus: "contacted" };
    case "lead.deleted":
      return { lead };
    case "lead.note_added":
      return {
        leadId: LEAD_ID,
        note: { id: "act_sample000000000000000001", leadId: LEAD_ID, content: "Prefers a south-facing unit; visit on Saturday.", createdAt: LATER, user: AGENT },
      };
    case "lead.communication_logged":
      return {
        leadId: LEAD_ID,
        communication: {
          id: "act_sample000000000000000002",
          leadId: LEAD_ID,
          type: "call",
          direction: "outbound",
          content: "Called back; booked a visit to the show flat.",
          createdAt: LATER,
          user: AGENT,
        },
      };
    case "project.created":
    case "project.updated":
    case "project.deleted":
      return { project };
    case "unit.created":
    case "unit.updated":
      return { unit, project };
    case "unit.status_changed":
      return { unit: { ...unit, status: "sold" }, project, previousStatus: "reserved" };
  }
}

export function eventSample(type: EventType, organization: EventEnvelope["organization"]): EventEnvelope {
  return { id: "evt_00000000-0000-4000-8000-000000000001", type, createdAt: LATER, organization, data: sampleData(type) };
}
