import type { DomainEvent } from "../../../server/events/record-events";
import type { EventType } from "../../../server/events/event-types";
import { eventSample } from "../../../server/webhooks/event-samples";

/**
 * Realistic payloads for every event type of the contract: the data of the
 * samples the API publishes (`GET /webhooks/samples/{event}`), which
 * tests/webhooks/event-samples.test.ts holds to the shapes real writes emit.
 */
export function sampleEvent(type: EventType): DomainEvent {
  // The envelope's type and data belong together; TypeScript cannot follow that through a variable type.
  return { type, data: eventSample(type, { id: "", name: "", slug: null }).data } as DomainEvent;
}

/** The keys `data` must carry for an event type, per the contract. */
export function expectedDataKeys(type: EventType): string[] {
  if (type === "lead.note_added") return ["leadId", "note"];
  if (type === "lead.communication_logged") return ["leadId", "communication"];
  if (type.startsWith("lead.")) return ["lead"];
  if (type.startsWith("project.")) return ["project"];
  return ["unit", "project"];
}
