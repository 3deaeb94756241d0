import { eventEnvelopeSchema, type EventEnvelope } from "../events/event-envelope";
import type { EventData, EventType } from "../events/event-types";
import type { LeadRepresentation } from "../leads/lead-representation";
import type { ProjectRepresentation, UnitRepresentation } from "../projects/project-representation";

/**
 * What a delivery of each event type looks like, for automation platforms to
 * show while a user builds a zap or scenario (`GET /webhooks/samples/{event}`)
 * before a real event exists. The payloads have the exact shapes the areas
 * emit (typed and parsed by the event schemas) with realistic, fixed values;
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
  externalId: null,
  interest: {
    operation: "sale",
    budgetMin: 250000,
    budgetMax: 300000,
    currency: "USD",
    minBedrooms: 3,
    minBathrooms: 2,
    minArea: null,
    cities: ["Guadalajara"],
    unitTypes: [],
    projectIds: [],
  },
  offersConsent: { consented: true, at: AT, source: "form" },
  language: null,
  roundRobinId: null,
  createdAt: AT,
  updatedAt: AT,
  lastActivityAt: AT,
  firstTouch: { dueAt: null, touchedAt: null, breachedAt: null },
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
  leadId: lead.id,
  photos: ["https://images.example.com/bloque-a-3b.jpg"],
  createdAt: AT,
  updatedAt: LATER,
};

const changed = { ...lead, updatedAt: LATER };

/** `data` of each event type, typed by the type's schema. */
const SAMPLE_DATA: { [T in EventType]: EventData<T> } = {
  "lead.created": { lead },
  "lead.updated": {
    lead: { ...changed, score: 85, temperature: "hot" },
    changes: { score: { from: 72, to: 85 }, temperature: { from: "warm", to: "hot" } },
  },
  "lead.stage_changed": {
    lead: { ...changed, stageId: "00000000-0000-4000-8000-0000000057a2", stageName: "Contacted" },
    previousStageId: lead.stageId,
  },
  "lead.assigned": { lead: changed, autoAssigned: true, previousAssignedToId: null },
  "lead.unassigned": { lead: { ...changed, assignedToId: null, assignedTo: null }, previousAssignedToId: AGENT.id },
  "lead.first_touch_breached": {
    lead: { ...changed, firstTouch: { dueAt: LATER, touchedAt: null, breachedAt: LATER } },
    missedBy: AGENT.id,
    dueAt: LATER,
    breaches: 1,
    escalation: "reassigned",
  },
  "lead.won": { lead: { ...changed, status: "won", stageName: "Won" }, previousStatus: "qualified" },
  "lead.lost": { lead: { ...changed, status: "lost", stageName: "Lost" }, previousStatus: "contacted" },
  "lead.deleted": { lead },
  "lead.note_added": {
    leadId: LEAD_ID,
    note: { id: "act_sample000000000000000001", leadId: LEAD_ID, content: "Prefers a south-facing unit; visit on Saturday.", createdAt: LATER, user: AGENT },
  },
  "lead.communication_logged": {
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
  },
  "lead.merged": {
    lead: { ...changed, phone: "+52 55 5123 4567" },
    mergedLeadIds: ["lead_sample000000000000000002"],
    mergeId: "mrg_sample000000000000000001",
  },
  "lead.unmerged": {
    lead: changed,
    restoredLeads: [{ ...lead, id: "lead_sample000000000000000002", email: null, phone: "+52 55 5123 4567" }],
    mergeId: "mrg_sample000000000000000001",
  },
  "project.created": { project },
  "project.updated": { project, changes: { status: { from: "draft", to: "published" } } },
  "project.deleted": { project },
  "unit.created": { unit, project },
  "unit.updated": { unit, project, changes: { price: { from: 289000, to: 298000 } } },
  "unit.status_changed": { unit: { ...unit, status: "sold" }, project, previousStatus: "reserved", lead: changed },
};

/** A sample delivery body, parsed by the same schema real events are checked against. */
export function eventSample(type: EventType, organization: EventEnvelope["organization"]): EventEnvelope {
  return eventEnvelopeSchema.parse({ id: "evt_00000000-0000-4000-8000-000000000001", type, createdAt: LATER, organization, data: SAMPLE_DATA[type] });
}
