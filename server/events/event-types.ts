import { z } from "zod";
import {
  projectCreatedData,
  projectDeletedData,
  projectUpdatedData,
  unitCreatedData,
  unitStatusChangedData,
  unitUpdatedData,
} from "./payloads/catalog-event-data";
import {
  leadAssignedData,
  leadCommunicationLoggedData,
  leadCreatedData,
  leadDeletedData,
  leadLostData,
  leadMergedData,
  leadNoteAddedData,
  leadStageChangedData,
  leadUnassignedData,
  leadUnmergedData,
  leadFirstTouchBreachedData,
  leadUpdatedData,
  leadWonData,
} from "./payloads/lead-event-data";

export type EventGroup = "Leads" | "Projects" | "Units";

/**
 * The event catalogue: every event type, the group it is listed under, and
 * the schema of its `data`. Everything else (the list of types, the groups,
 * the typed `DomainEvent`, the envelope schemas the recorder checks, the
 * samples and the OpenAPI `webhooks` section) is derived from it, in this
 * order. Adding an event type is one schema and one line here
 * (docs/adding-an-event-type.md).
 */
export const EVENT_CATALOGUE = {
  "lead.created": { group: "Leads", data: leadCreatedData },
  "lead.updated": { group: "Leads", data: leadUpdatedData },
  "lead.stage_changed": { group: "Leads", data: leadStageChangedData },
  "lead.assigned": { group: "Leads", data: leadAssignedData },
  "lead.unassigned": { group: "Leads", data: leadUnassignedData },
  "lead.won": { group: "Leads", data: leadWonData },
  "lead.lost": { group: "Leads", data: leadLostData },
  "lead.deleted": { group: "Leads", data: leadDeletedData },
  "lead.note_added": { group: "Leads", data: leadNoteAddedData },
  "lead.communication_logged": { group: "Leads", data: leadCommunicationLoggedData },
  // Extensions follow the contract's ten, so its order is kept.
  "lead.first_touch_breached": { group: "Leads", data: leadFirstTouchBreachedData },
  "lead.merged": { group: "Leads", data: leadMergedData },
  "lead.unmerged": { group: "Leads", data: leadUnmergedData },
  "project.created": { group: "Projects", data: projectCreatedData },
  "project.updated": { group: "Projects", data: projectUpdatedData },
  "project.deleted": { group: "Projects", data: projectDeletedData },
  "unit.created": { group: "Units", data: unitCreatedData },
  "unit.updated": { group: "Units", data: unitUpdatedData },
  "unit.status_changed": { group: "Units", data: unitStatusChangedData },
} as const satisfies Record<string, { group: EventGroup; data: z.ZodObject }>;

export type EventCatalogue = typeof EVENT_CATALOGUE;
export type EventType = keyof EventCatalogue;

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as [EventType, ...EventType[]];
export const eventTypeSchema = z.enum(EVENT_TYPES);

const typesOf = (group: EventGroup) => EVENT_TYPES.filter((type) => EVENT_CATALOGUE[type].group === group);
export const EVENT_GROUPS: Record<EventGroup, EventType[]> = {
  Leads: typesOf("Leads"),
  Projects: typesOf("Projects"),
  Units: typesOf("Units"),
};

/** What a writer passes as `data` of an event of type T. */
export type EventData<T extends EventType> = z.input<EventCatalogue[T]["data"]>;
